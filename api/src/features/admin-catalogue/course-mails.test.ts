import { describe, expect, it } from 'vitest';
import { bookingEventUid } from '../order/confirmation-mail.ts';
import { movedCalendar } from './course-mails.ts';
import type { CourseRecord } from './course-records.ts';

const record: CourseRecord = {
  identifier: 'GK-A1-ABD-20260303',
  type: 1,
  status: 'published',
  startDate: '2026-03-03',
  startTime: '18:30',
  endDate: '2026-04-23',
  endTime: '20:00',
  meetingDays: [1, 3],
  registrationDeadline: '2026-02-28',
  maxParticipants: 10,
  priceCents: 28900,
  discountedPriceCents: null,
  moduleIdentifier: null,
  tags: ['a1'],
  texts: {
    de: { title: 'Spanisch A1', pretitle: '', short: '' },
    en: { title: 'Spanish A1', pretitle: '', short: '' },
  },
};

describe('the calendar entry of a moved position', () => {
  it("keeps the confirmation's UID, carries the new dates and the course's SEQUENCE, titled in the order's language", () => {
    const ics = movedCalendar(
      { incrementId: '100042', bookingId: 7, language: 'en' },
      record,
      3,
      new Date('2026-01-20T10:00:00Z'),
    );
    expect(ics).toContain(`UID:${bookingEventUid('100042', 7)}\r\n`);
    expect(ics).toContain('SEQUENCE:3\r\n');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20260303T183000\r\n');
    expect(ics).toContain('SUMMARY:Spanish A1\r\n');
    expect(ics?.match(/SEQUENCE:/g)).toHaveLength(1);
  });
});
