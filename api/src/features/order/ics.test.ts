import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCourseCalendar, instantInZone, type CourseCalendarEntry } from './ics.ts';

/**
 * The calendar file is read back with ical.js, as a calendar application would: every lesson must be there, at its
 * wall time in the course's time zone, with the title and the online note.
 */
const stamp = new Date('2026-11-20T09:00:00Z');
const timeZone = 'Europe/Berlin';

/** 16 lessons, Tuesdays and Thursdays 18:30–20:00, from 08.12.2026 to 28.01.2027. */
const eveningCourse: CourseCalendarEntry = {
  uid: 'order-100001-booking-7@sprachschule.example',
  title: 'Spanisch A1 – Abendkurs',
  location: 'Online',
  description: 'Online-Unterricht der Sprachschule (Ort: online). Bestellung 100001.',
  startDate: '2026-12-08',
  startTime: '18:30',
  endDate: '2027-01-28',
  endTime: '20:00',
  weekdays: [1, 3],
};

interface Lesson {
  uid: string;
  summary: string;
  location: string;
  description: string;
  sequence: number;
  /** Wall time in the course's zone, yyyy-MM-ddTHH:mm:ss. */
  start: string;
  end: string;
  zone: string;
  /** The instant, ISO UTC. */
  startsAt: string;
}

/** Parses the file and lists every lesson its events stand for (recurrences expanded), in order. */
function lessonsOf(text: string): { lessons: Lesson[]; events: ICAL.Event[]; root: ICAL.Component } {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = root.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  const lessons: Lesson[] = [];
  for (const event of events) {
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const occurrence = event.getOccurrenceDetails(next);
      lessons.push({
        uid: event.uid,
        summary: event.summary,
        location: event.location,
        description: event.description,
        sequence: event.sequence,
        start: occurrence.startDate.toString(),
        end: occurrence.endDate.toString(),
        zone: occurrence.startDate.zone?.tzid ?? '',
        startsAt: occurrence.startDate.toJSDate().toISOString(),
      });
      if (lessons.length > 500) throw new Error('Endless recurrence');
    }
  }
  return { lessons: lessons.sort((a, b) => a.startsAt.localeCompare(b.startsAt)), events, root };
}

describe('the calendar file of a booking', () => {
  it('holds every lesson of a weekly course as its own occurrence, at its wall time in the course’s zone', () => {
    const text = buildCourseCalendar([eveningCourse], { timeZone, stamp })!;
    const { lessons, events, root } = lessonsOf(text);
    expect(events).toHaveLength(1);
    expect(lessons).toHaveLength(16);
    expect(lessons.map((lesson) => lesson.start.slice(0, 10))).toEqual([
      '2026-12-08',
      '2026-12-10',
      '2026-12-15',
      '2026-12-17',
      '2026-12-22',
      '2026-12-24',
      '2026-12-29',
      '2026-12-31',
      '2027-01-05',
      '2027-01-07',
      '2027-01-12',
      '2027-01-14',
      '2027-01-19',
      '2027-01-21',
      '2027-01-26',
      '2027-01-28',
    ]);
    for (const lesson of lessons) {
      expect(lesson.start.slice(11)).toBe('18:30:00');
      expect(lesson.end.slice(11)).toBe('20:00:00');
      expect(lesson.end.slice(0, 10)).toBe(lesson.start.slice(0, 10));
      expect(lesson.zone).toBe('Europe/Berlin');
      expect(lesson).toMatchObject({
        uid: eveningCourse.uid,
        summary: 'Spanisch A1 – Abendkurs',
        location: 'Online',
        description: 'Online-Unterricht der Sprachschule (Ort: online). Bestellung 100001.',
        sequence: 0,
      });
    }
    // Winter time in Berlin: 18:30 is 17:30 UTC.
    expect(lessons[0]!.startsAt).toBe('2026-12-08T17:30:00.000Z');
    // The zone travels with the file, and the stamp is UTC.
    expect(root.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
    expect(text).toContain('DTSTAMP:20261120T090000Z\r\n');
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=\d{8}T\d{6}Z\r\n/);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => line.length <= 75)).toBe(true);
  });

  it('leaves out the holidays (EXDATE) and only them', () => {
    const text = buildCourseCalendar([{ ...eveningCourse, exceptDates: ['2026-12-24', '2026-12-31', '2026-12-25'] }], {
      timeZone,
      stamp,
    })!;
    const { lessons } = lessonsOf(text);
    expect(lessons).toHaveLength(14);
    expect(lessons.map((lesson) => lesson.start.slice(0, 10))).not.toContain('2026-12-24');
    expect(lessons.map((lesson) => lesson.start.slice(0, 10))).not.toContain('2026-12-31');
    // A date it does not meet on anyway (a Friday) is not written.
    expect(text).not.toContain('20261225T');
  });

  it('keeps the wall time across the change to summer time', () => {
    const { lessons } = lessonsOf(
      buildCourseCalendar(
        [{ ...eveningCourse, startDate: '2027-03-22', endDate: '2027-04-01', startTime: '18:00', endTime: '19:30' }],
        { timeZone, stamp },
      )!,
    );
    expect(lessons.map((lesson) => lesson.start)).toEqual([
      '2027-03-23T18:00:00',
      '2027-03-25T18:00:00',
      '2027-03-30T18:00:00',
      '2027-04-01T18:00:00',
    ]);
    expect(lessons[1]!.startsAt).toBe('2027-03-25T17:00:00.000Z');
    expect(lessons[2]!.startsAt).toBe('2027-03-30T16:00:00.000Z');
  });

  it('a flexible module’s appointment is one timed event; a module by appointment without a time is left out', () => {
    const appointment: CourseCalendarEntry = {
      ...eveningCourse,
      uid: 'order-100002-booking-9@sprachschule.example',
      title: 'Flexibles Lernen: Modul B1.3',
      startDate: '2027-02-03',
      endDate: '2027-02-03',
      startTime: '10:00',
      endTime: '11:30',
      weekdays: [2],
    };
    const byAppointment: CourseCalendarEntry = {
      ...appointment,
      uid: 'order-100002-booking-10@sprachschule.example',
      startDate: '2027-02-01',
      endDate: '2027-02-28',
      startTime: null,
      endTime: null,
    };
    const text = buildCourseCalendar([appointment, byAppointment], { timeZone, stamp })!;
    expect(text).not.toContain('RRULE:FREQ=WEEKLY');
    const { lessons } = lessonsOf(text);
    expect(lessons).toEqual([
      expect.objectContaining({
        uid: appointment.uid,
        start: '2027-02-03T10:00:00',
        end: '2027-02-03T11:30:00',
        startsAt: '2027-02-03T09:00:00.000Z',
      }),
    ]);
    expect(buildCourseCalendar([byAppointment], { timeZone, stamp })).toBeNull();
  });

  it('a later file for the same booking keeps its UID and raises SEQUENCE, so calendars replace the old dates', () => {
    const first = lessonsOf(buildCourseCalendar([eveningCourse], { timeZone, stamp })!);
    const moved = lessonsOf(
      buildCourseCalendar(
        [
          {
            ...eveningCourse,
            startDate: '2026-12-15',
            endDate: '2027-02-04',
            startTime: '19:00',
            endTime: '20:30',
            sequence: 1,
          },
        ],
        { timeZone, stamp: new Date('2026-12-01T12:00:00Z') },
      )!,
    );
    expect(moved.events[0]!.uid).toBe(first.events[0]!.uid);
    expect(moved.events[0]!.sequence).toBe(1);
    expect(moved.lessons).toHaveLength(16);
    expect(moved.lessons[0]!.start).toBe('2026-12-15T19:00:00');
  });

  it('escapes the text of titles and notes', () => {
    const { lessons } = lessonsOf(
      buildCourseCalendar([{ ...eveningCourse, title: 'Spanisch A1, online; abends\\neu', endDate: '2026-12-08' }], {
        timeZone,
        stamp,
      })!,
    );
    expect(lessons[0]!.summary).toBe('Spanisch A1, online; abends\\neu');
  });

  it('finds the instant of a wall time in a zone, on both sides of a change of offset', () => {
    expect(instantInZone('2026-12-08', '18:30', timeZone).toISOString()).toBe('2026-12-08T17:30:00.000Z');
    expect(instantInZone('2027-07-01', '09:00', timeZone).toISOString()).toBe('2027-07-01T07:00:00.000Z');
    expect(instantInZone('2027-01-28', '20:00', 'America/New_York').toISOString()).toBe('2027-01-29T01:00:00.000Z');
  });
});
