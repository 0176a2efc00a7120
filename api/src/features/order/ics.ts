import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { courseMeetings } from '@shop/shared/format';
import { weekdayIndex } from '../../lib/dates.ts';

/**
 * One booking of a course as the calendar shows it. A course meets weekly on `weekdays` at the same times, from
 * `startDate` to `endDate`, except on `exceptDates` (holidays); a one-day course or a flexible module's appointment is
 * a single lesson. A course without times (a module "by appointment" whose time is not agreed yet) has no lesson to
 * show and is left out.
 */
export interface CourseCalendarEntry {
  /**
   * Stable for the booking (e.g. `order-{number}-booking-{bookingId}@…`): a calendar that imports the file again
   * replaces the entry of the same UID when `sequence` is higher.
   */
  uid: string;
  /** The course's title, in the learner's language. */
  title: string;
  /** Where it takes place, as the calendar's location field shows it ("Online"). */
  location: string;
  /** A note every lesson carries (the online-location note, the order number). */
  description: string;
  /** yyyy-MM-dd: the first lesson. */
  startDate: string;
  /** HH:mm, wall time in the time zone of the file; null: held by appointment (left out). */
  startTime: string | null;
  /** yyyy-MM-dd: the last lesson. */
  endDate: string;
  /** HH:mm: when each lesson ends; null: held by appointment (left out). */
  endTime: string | null;
  /** Weekdays it meets on, 0 = Monday … 6 = Sunday (its weekday tags); empty: those of its first and last day. */
  weekdays: readonly number[];
  /** yyyy-MM-dd dates in the course's span without a lesson (holidays). */
  exceptDates?: readonly string[];
  /**
   * How often the course's dates were changed since it was booked: 0 (the default) at first, one more each time staff
   * move the course. Sent again with a higher sequence, the same UID updates the learner's calendar.
   */
  sequence?: number;
}

const byDay = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const compact = (isoDate: string, time: string) => `${isoDate.replaceAll('-', '')}T${time.replace(':', '')}00`;

/** The instant of a wall time in `timeZone` (the offset read from Intl, checked again for a change of offset). */
export function instantInZone(isoDate: string, time: string, timeZone: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const [hour, minute, second = 0] = time.split(':').map(Number) as [number, number, number?];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - instant;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/** RFC 5545 UTC form of an instant, as UNTIL must be when DTSTART names a time zone. */
const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The calendar file (iCalendar, RFC 5545) of booked courses, built with ical-generator: one VEVENT per booking, a
 * weekly course as one event with its recurrence (RRULE with BYDAY and UNTIL, EXDATE for the dates without a lesson)
 * so that every lesson is in the calendar and a later version of the same UID replaces all of them; every time in
 * `timeZone` with its VTIMEZONE, so calendars show the lessons right wherever the learner is. Null when no entry has
 * a lesson to show.
 *
 * @param entries the bookings (see CourseCalendarEntry; `sequence` 0 unless the course was moved)
 * @param options `timeZone`: the courses' IANA time zone; `stamp`: when the file is made (DTSTAMP)
 */
export function buildCourseCalendar(
  entries: readonly CourseCalendarEntry[],
  { timeZone, stamp }: { timeZone: string; stamp: Date },
): string | null {
  const timed = entries.filter(
    (entry): entry is CourseCalendarEntry & { startTime: string; endTime: string } =>
      entry.startTime !== null && entry.endTime !== null,
  );
  if (timed.length === 0) return null;
  // No calendar-wide time zone: ical-generator would then write DTSTAMP as a local time. Each event names its zone,
  // and the zone's VTIMEZONE goes in below.
  const calendar = ical({ prodId: { company: 'Sprachschule', product: 'Shop', language: 'DE' } });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const entry of timed) {
    // The shop's one rule of when a course meets (what the mail's text and a withdrawal count).
    const days = courseMeetings(entry).weekdays;
    const recurring = entry.endDate > entry.startDate;
    const except = (entry.exceptDates ?? []).filter(
      (date) => date >= entry.startDate && date <= entry.endDate && days.includes(weekdayIndex(date)),
    );
    const rule = [
      `RRULE:FREQ=WEEKLY;BYDAY=${days.map((day) => byDay[day]).join(',')};UNTIL=${utcStamp(
        instantInZone(entry.endDate, entry.endTime, timeZone),
      )}`,
      ...(except.length > 0
        ? [`EXDATE;TZID=${timeZone}:${except.map((date) => compact(date, entry.startTime)).join(',')}`]
        : []),
    ].join('\n');
    calendar.createEvent({
      id: entry.uid,
      sequence: entry.sequence ?? 0,
      stamp,
      timezone: timeZone,
      // Wall times without an offset: ical-generator writes them as they are, with TZID.
      start: `${entry.startDate}T${entry.startTime}:00`,
      end: `${entry.startDate}T${entry.endTime}:00`,
      ...(recurring ? { repeating: rule } : {}),
      summary: entry.title,
      location: entry.location,
      description: entry.description,
    });
  }
  // Every line ends with CRLF, the last one too (RFC 5545, 3.1).
  const text = `${calendar.toString().replace(/\r?\n$/, '')}\r\n`;
  const vtimezone = getVtimezoneComponent(timeZone);
  if (!vtimezone) return text;
  const at = text.indexOf('BEGIN:VEVENT');
  return `${text.slice(0, at)}${vtimezone.trim().split(/\r?\n/).join('\r\n')}\r\n${text.slice(at)}`;
}
