import { describe, expect, it } from 'vitest';
import { buildIcs } from './ics.ts';

describe('buildIcs', () => {
  const stamp = new Date('2026-01-15T09:00:00Z');
  it('writes timed events in the named time zone, CRLF-terminated, with escaped text', () => {
    const ics = buildIcs(
      [
        {
          uid: 'b1@shop',
          title: 'Spanisch A1, online; abends',
          startDate: '2026-02-02',
          startTime: '18:00',
          endDate: '2026-02-02',
          endTime: '19:30',
        },
      ],
      { timeZone: 'Europe/Berlin', stamp },
    );
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20260202T180000\r\n');
    expect(ics).toContain('DTEND;TZID=Europe/Berlin:20260202T193000\r\n');
    expect(ics).toContain('SUMMARY:Spanisch A1\\, online\\; abends\r\n');
    expect(ics).toContain('DTSTAMP:20260115T090000Z');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
  it('writes an all-day entry for courses held by appointment', () => {
    const ics = buildIcs(
      [
        {
          uid: 'b2@shop',
          title: 'Flex',
          startDate: '2026-02-02',
          startTime: null,
          endDate: '2026-02-28',
          endTime: null,
        },
      ],
      { timeZone: 'Europe/Berlin', stamp },
    );
    expect(ics).toContain('DTSTART;VALUE=DATE:20260202');
    expect(ics).toContain('DTEND;VALUE=DATE:20260301');
  });
});
