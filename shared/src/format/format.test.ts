import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatInstantInZone, formatMoney, formatTime } from './index.ts';

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
