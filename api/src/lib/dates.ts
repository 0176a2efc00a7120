/**
 * Calendar arithmetic on `yyyy-MM-dd` strings. Done in UTC on purpose: a calendar date has no time zone,
 * so adding days must never be shifted by daylight-saving changes.
 */

/** The school's market is German-speaking: "today" is the date in Berlin, not on the server. */
export const shopTimeZone = 'Europe/Berlin';

// Building an Intl.DateTimeFormat costs far more than using one (it showed in the course-search benchmark).
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function isoDateInZone(instant: Date, timeZone = shopTimeZone): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA formats as yyyy-MM-dd.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(instant);
}

function toUtc(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

export function addDays(isoDate: string, days: number): string {
  const date = toUtc(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** 0 = Monday … 6 = Sunday (the order the weekday tags use). */
export function weekdayIndex(isoDate: string): number {
  return (toUtc(isoDate).getUTCDay() + 6) % 7;
}

/** 0 = January … 11 = December. */
export function monthIndex(isoDate: string): number {
  return toUtc(isoDate).getUTCMonth();
}

/** The first Monday strictly after `isoDate`. */
export function nextMonday(isoDate: string): string {
  return addDays(isoDate, 7 - weekdayIndex(isoDate));
}
