/** One booked course date for the calendar file. */
export interface CalendarEvent {
  uid: string;
  title: string;
  /** yyyy-MM-dd, and HH:mm or null (held by appointment: an all-day entry). */
  startDate: string;
  startTime: string | null;
  endDate: string;
  endTime: string | null;
}

/** RFC 5545 text escaping. */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const compactDate = (isoDate: string) => isoDate.replaceAll('-', '');
const compactTime = (time: string) => `${time.replace(':', '')}00`;
/** The day after (an all-day entry's end is exclusive). */
const nextDay = (isoDate: string) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * An iCalendar file with the booked course dates, in the courses' time zone (named with TZID, so calendars show
 * them right wherever the learner is). Lines end with CRLF as the format requires.
 */
export function buildIcs(
  events: readonly CalendarEvent[],
  { timeZone, stamp }: { timeZone: string; stamp: Date },
): string {
  const dtstamp = stamp
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sprachschule//Shop//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${dtstamp}`,
      `SUMMARY:${escapeText(event.title)}`,
      'LOCATION:Online',
    );
    if (event.startTime && event.endTime) {
      lines.push(`DTSTART;TZID=${timeZone}:${compactDate(event.startDate)}T${compactTime(event.startTime)}`);
      lines.push(`DTEND;TZID=${timeZone}:${compactDate(event.endDate)}T${compactTime(event.endTime)}`);
    } else {
      lines.push(
        `DTSTART;VALUE=DATE:${compactDate(event.startDate)}`,
        `DTEND;VALUE=DATE:${compactDate(nextDay(event.endDate))}`,
      );
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}
