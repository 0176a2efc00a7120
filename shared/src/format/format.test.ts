import { describe, expect, it } from 'vitest';
import { sharedTranslator } from './sharedTexts.ts';
import {
  courseMeetings,
  formatCourseDates,
  formatDate,
  formatDateTime,
  formatInstantInZone,
  formatSchedule,
  formatTime,
  isoDateMonthsAfter,
  weekdaysOfTags,
} from './index.ts';

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

describe('isoDateMonthsAfter', () => {
  it('counts months from a local Date or from a yyyy-MM-dd day alike, month ends and leap days included', () => {
    for (const [from, months, until] of [
      ['2026-01-15', 3, '2026-04-15'],
      ['2026-11-30', 3, '2027-02-28'],
      ['2027-11-30', 3, '2028-02-29'],
      ['2026-08-31', 6, '2027-02-28'],
      ['2026-03-29', 12, '2027-03-29'],
    ] as const) {
      expect(isoDateMonthsAfter(from, months), from).toBe(until);
      const [y, m, d] = from.split('-').map(Number);
      expect(isoDateMonthsAfter(new Date(y!, m! - 1, d!), months), from).toBe(until);
    }
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

describe('formatCourseDates', () => {
  // An evening course: Tuesdays and Thursdays over seven weeks and a half, with the Christmas weeks in it.
  const evening = { startDate: '2026-12-01', endDate: '2027-01-21', startTime: '18:30:00', endTime: '20:00' };
  const say = (language: 'de' | 'en' | 'es', course: Parameters<typeof formatCourseDates>[0]) =>
    formatCourseDates(course, sharedTranslator(language), language);

  it('reads as a course in German: sessions, weekdays, times with "Uhr", first and last day', () => {
    expect(say('de', { ...evening, weekdays: [1, 3] })).toBe(
      '16 Termine, dienstags und donnerstags 18:30–20:00 Uhr, 01.12.2026 – 21.01.2027',
    );
  });
  it('reads as a course in English and Spanish', () => {
    expect(say('en', { ...evening, weekdays: [3, 1] })).toBe(
      '16 sessions, Tuesdays and Thursdays 18:30–20:00, 01.12.2026 – 21.01.2027',
    );
    expect(say('es', { ...evening, weekdays: [1, 3] })).toBe(
      '16 sesiones, los martes y jueves, 18:30–20:00 h, 01.12.2026 – 21.01.2027',
    );
  });
  it('counts only the named weekdays, and lists three or more days as the language does', () => {
    expect(say('de', { ...evening, endDate: '2026-12-29', weekdays: [1] })).toBe(
      '5 Termine, dienstags 18:30–20:00 Uhr, 01.12.2026 – 29.12.2026',
    );
    expect(say('en', { ...evening, endDate: '2026-12-11', weekdays: [0, 2, 4] })).toBe(
      '5 sessions, Mondays, Wednesdays, and Fridays 18:30–20:00, 01.12.2026 – 11.12.2026',
    );
    expect(say('de', { ...evening, endDate: '2026-12-01', startDate: '2026-11-24', weekdays: [1] })).toBe(
      '2 Termine, dienstags 18:30–20:00 Uhr, 24.11.2026 – 01.12.2026',
    );
  });
  it('without weekdays takes those of the first and the last day', () => {
    expect(say('de', evening)).toBe('16 Termine, dienstags und donnerstags 18:30–20:00 Uhr, 01.12.2026 – 21.01.2027');
  });
  it('says one session in the singular', () => {
    expect(say('es', { ...evening, endDate: '2026-12-03', weekdays: [1] })).toBe(
      '1 sesión, los martes, 18:30–20:00 h, 01.12.2026 – 03.12.2026',
    );
  });
  it('leaves one day and courses by appointment to formatSchedule', () => {
    expect(say('de', { ...evening, endDate: evening.startDate })).toBe('01.12.2026, 18:30–20:00 Uhr');
    expect(say('en', { ...evening, startTime: null, endTime: null })).toBe('01.12.2026 – 21.01.2027, by appointment');
  });
});

describe('courseMeetings', () => {
  it('lists the days a course meets, by its weekdays or else those of its first and last day', () => {
    const course = { startDate: '2026-01-08', endDate: '2026-01-22' };
    expect(courseMeetings({ ...course, weekdays: [1, 3] }).days).toEqual([
      '2026-01-08',
      '2026-01-13',
      '2026-01-15',
      '2026-01-20',
      '2026-01-22',
    ]);
    expect(courseMeetings(course)).toEqual({ weekdays: [3], days: ['2026-01-08', '2026-01-15', '2026-01-22'] });
    expect(courseMeetings({ ...course, weekdays: [6], endDate: '2026-01-09' }).weekdays).toEqual([3, 4]);
  });
});

describe('weekdaysOfTags', () => {
  it('reads the weekday tags of a course, Monday first, and ignores the others', () => {
    const tags = [{ slug: 'evening' }, { slug: 'thursday' }, { slug: 'a1' }, { slug: 'tuesday' }];
    expect(weekdaysOfTags(tags)).toEqual([1, 3]);
    expect(weekdaysOfTags([{ slug: 'sunday' }, { slug: 'monday' }])).toEqual([0, 6]);
    expect(weekdaysOfTags([])).toEqual([]);
  });
});
