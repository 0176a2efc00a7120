import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatInstantInZone, formatMoney, formatSchedule, formatTime } from './index.ts';

const nbsp = '\u00a0';

describe('formatMoney', () => {
  it('writes cents with a comma and thousands with a dot', () => {
    expect(formatMoney(1234.5)).toBe(`1.234,50${nbsp}€`);
  });
  it('drops the decimals of whole amounts', () => {
    expect(formatMoney(120)).toBe(`120${nbsp}€`);
    expect(formatMoney(0)).toBe(`0${nbsp}€`);
  });
  it('rounds to 2 decimals once', () => {
    expect(formatMoney(19.999)).toBe(`20${nbsp}€`);
    expect(formatMoney(0.1 + 0.2)).toBe(`0,30${nbsp}€`);
    expect(formatMoney(289.005)).toBe(`289,01${nbsp}€`);
  });
});

describe('formatDate / formatTime', () => {
  it('formats ISO dates as dd.MM.yyyy', () => {
    expect(formatDate('2026-03-02')).toBe('02.03.2026');
    expect(formatDate(new Date(2027, 0, 9))).toBe('09.01.2027');
  });
  it('leaves unparsable dates as they are', () => {
    expect(formatDate('soon')).toBe('soon');
  });
  it('formats times as HH:mm', () => {
    expect(formatTime('9:05')).toBe('09:05');
    expect(formatTime('18:30:00')).toBe('18:30');
    expect(formatTime(new Date(2026, 0, 1, 7, 3))).toBe('07:03');
  });
  it('formats date and time together', () => {
    expect(formatDateTime(new Date(2026, 11, 24, 16, 45))).toBe('24.12.2026 16:45');
  });
});

describe('formatInstantInZone', () => {
  it('names the instant in Berlin, summer and winter, whatever the machine zone', () => {
    expect(formatInstantInZone('2026-01-15T09:00:05Z')).toBe('15.01.2026 10:00:05');
    expect(formatInstantInZone('2026-07-01T22:30:00Z')).toBe('02.07.2026 00:30:00');
  });
});

describe('formatSchedule', () => {
  // Stands in for i18next with the German texts: the words come from the shared translations.
  const t = (key: string, o: Record<string, string>) =>
    key === 'common.when' ? `${o.dates}, ${o.time} Uhr` : `${o.dates}, nach Vereinbarung`;
  it('names one day once, with the times as a range and "Uhr"', () => {
    expect(
      formatSchedule({ startDate: '2026-12-03', endDate: '2026-12-03', startTime: '12:30:00', endTime: '13:30' }, t),
    ).toBe('03.12.2026, 12:30–13:30 Uhr');
  });
  it('gives a course over weeks its first and last day and its daily times', () => {
    expect(
      formatSchedule({ startDate: '2026-12-01', endDate: '2027-01-21', startTime: '18:30', endTime: '20:00' }, t),
    ).toBe('01.12.2026 – 21.01.2027, 18:30–20:00 Uhr');
  });
  it('says "by appointment" without times', () => {
    expect(formatSchedule({ startDate: '2026-12-01', endDate: '2026-12-01', startTime: null, endTime: null }, t)).toBe(
      '01.12.2026, nach Vereinbarung',
    );
  });
});
