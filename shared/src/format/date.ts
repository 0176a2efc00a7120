// Every pattern here is numeric, so date-fns' lightFormat does: unlike `format` it carries no locale data, which
// every page loads with @shop/shared (docs/performance.md#what-every-page-loads).
import { addMonths, isValid, lightFormat, parseISO } from 'date-fns';

/** `2026-03-02` (or a full ISO timestamp) → `02.03.2026`; an unparsable value is returned unchanged. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? lightFormat(date, 'dd.MM.yyyy') : String(value);
}

/** `18:30`, `18:30:00` or a Date → `18:30`. */
export function formatTime(value: string | Date): string {
  if (value instanceof Date) return lightFormat(value, 'HH:mm');
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : value;
}

/** Date and time together, `02.03.2026 18:30`, for timestamps such as order dates. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? lightFormat(date, 'dd.MM.yyyy HH:mm') : String(value);
}

/**
 * The calendar day `months` after `from` (a Date, read in local time, or a `yyyy-MM-dd` day), as `yyyy-MM-dd` (the
 * API's date parameters); a day the shorter month lacks becomes its last (31 August + 6 → 28 February).
 */
export function isoDateMonthsAfter(from: Date | string, months: number): string {
  return lightFormat(addMonths(typeof from === 'string' ? parseISO(from) : from, months), 'yyyy-MM-dd');
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the shop's office reads it, `02.03.2026 18:30:05` in `timeZone` (Berlin by default), whatever
 * the zone of the machine: receipts name the moment a declaration arrived, the same in the mail and on screen.
 */
export function formatInstantInZone(value: string | Date, timeZone = 'Europe/Berlin'): string {
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return String(value);
  let formatter = zonedFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('de-DE', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    zonedFormats.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The dates and times of a course or appointment, as stored. */
export interface CourseSchedule {
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
}

/** Translates the `common.when…` texts (an i18next `t`, kept structural so this module needs no React). */
type Translate = (key: string, options: Record<string, string>) => string;
/** The same, for texts that take a `count` (plural forms). */
type CountingTranslate = (key: string, options: Record<string, string | number>) => string;

/**
 * When a course takes place, in German style and one line: `03.12.2026, 12:30–13:30 Uhr` for one day (the date
 * once), `01.12.2026 – 21.01.2027, 18:30–20:00 Uhr` for a course over weeks, and "by appointment" without
 * times. The words ("Uhr", "nach Vereinbarung") come from the shared texts, so every area says it alike.
 */
export function formatSchedule(schedule: CourseSchedule, t: Translate): string {
  const dates =
    schedule.endDate && schedule.endDate !== schedule.startDate
      ? `${formatDate(schedule.startDate)} – ${formatDate(schedule.endDate)}`
      : formatDate(schedule.startDate);
  if (!schedule.startTime) return t('common.whenByAppointment', { dates });
  const time = schedule.endTime
    ? `${formatTime(schedule.startTime)}–${formatTime(schedule.endTime)}`
    : formatTime(schedule.startTime);
  return t('common.when', { dates, time });
}

/** A course's dates with the weekdays it meets on (0 = Monday … 6 = Sunday, the order of the weekday tags). */
interface CourseDates extends CourseSchedule, CourseMeetings {}

const weekdayKeys = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The weekdays a course meets on, from its weekday tags (slugs `monday` … `sunday`), 0 = Monday, in order. */
export function weekdaysOfTags(tags: readonly { slug: string }[]): number[] {
  const days = tags
    .map((tag) => weekdayKeys.indexOf(tag.slug as (typeof weekdayKeys)[number]))
    .filter((day) => day >= 0);
  return [...new Set(days)].sort((a, b) => a - b);
}

const dayMs = 86_400_000;
const utcDay = (isoDate: string) => Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
/** 0 = Monday … 6 = Sunday. */
const weekdayOf = (isoDate: string) => (new Date(utcDay(isoDate)).getUTCDay() + 6) % 7;

/** The days from `startDate` through `endDate` (`yyyy-MM-dd`) that fall on one of `weekdays`. */
function daysOn(startDate: string, endDate: string, weekdays: readonly number[]): string[] {
  const days = new Set(weekdays);
  const found: string[] = [];
  for (let day = utcDay(startDate); day <= utcDay(endDate); day += dayMs) {
    if (days.has((new Date(day).getUTCDay() + 6) % 7)) found.push(new Date(day).toISOString().slice(0, 10));
  }
  return found;
}

/** A course's first and last day and, when it has weekday tags, the weekdays it meets on. */
export interface CourseMeetings {
  startDate: string;
  endDate: string;
  weekdays?: readonly number[];
}

/**
 * When a course meets — the one rule for what the mails say and what a withdrawal counts as held
 * (docs/withdrawal-rules.md): every day from the first through the last that falls on one of its weekdays. The
 * weekdays are the course's own (its weekday tags); without them, or when none of them falls inside the course,
 * those of its first and last day — one lesson a week on the start's weekday for a course that ends on it.
 */
export function courseMeetings(course: CourseMeetings): { weekdays: number[]; days: string[] } {
  const endDate = course.endDate || course.startDate;
  const own = [...new Set(course.weekdays ?? [])].sort((a, b) => a - b);
  const ownDays = own.length ? daysOn(course.startDate, endDate, own) : [];
  if (ownDays.length) return { weekdays: own, days: ownDays };
  const weekdays = [...new Set([weekdayOf(course.startDate), weekdayOf(endDate)])].sort((a, b) => a - b);
  return { weekdays, days: daysOn(course.startDate, endDate, weekdays) };
}

const listFormats = new Map<string, Intl.ListFormat>();

/** One list format per language: built once, not for every card (docs/performance.md#what-every-page-loads). */
function listFormatOf(language: string): Intl.ListFormat {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: 'conjunction' });
    listFormats.set(language, format);
  }
  return format;
}

/**
 * A course as a learner reads it, not as a span: `8 Termine, dienstags und donnerstags 18:30–20:00 Uhr,
 * 01.12.2026 – 21.01.2027` — how many sessions, on which weekdays, at what time, from the first to the last day.
 * Sessions and weekdays are those `courseMeetings` names. A single day, or a course held by appointment, reads as `formatSchedule` says it. Words come from the shared texts
 * (`common.courseDates`, `common.weekdays.*`), the list's "and" from the language's own list format.
 */
export function formatCourseDates(course: CourseDates, t: CountingTranslate, language: string): string {
  if (!course.startTime || !course.endDate || course.endDate === course.startDate) return formatSchedule(course, t);
  const meetings = courseMeetings(course);
  const days = listFormatOf(language).format(
    meetings.weekdays.map((day) => t(`common.weekdays.${weekdayKeys[day] ?? 'monday'}`, {})),
  );
  const time = course.endTime
    ? `${formatTime(course.startTime)}–${formatTime(course.endTime)}`
    : formatTime(course.startTime);
  return t('common.courseDates', {
    count: meetings.days.length,
    days,
    time,
    dates: `${formatDate(course.startDate)} – ${formatDate(course.endDate)}`,
  });
}
