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
