import { addMonths, format, isValid, parseISO } from 'date-fns';

/** `2026-03-02` (or a full ISO timestamp) → `02.03.2026`; an unparsable value is returned unchanged. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, 'dd.MM.yyyy') : String(value);
}

/** `18:30`, `18:30:00` or a Date → `18:30`. */
export function formatTime(value: string | Date): string {
  if (value instanceof Date) return format(value, 'HH:mm');
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : value;
}

/** Date and time together, `02.03.2026 18:30`, for timestamps such as order dates. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, 'dd.MM.yyyy HH:mm') : String(value);
}

/** The calendar day `months` after `from`, as `yyyy-MM-dd` (the API's date parameters). */
export function isoDateMonthsAfter(from: Date, months: number): string {
  return format(addMonths(from, months), 'yyyy-MM-dd');
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
