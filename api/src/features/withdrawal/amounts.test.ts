import { describe, expect, it } from 'vitest';
import {
  courseRefundCents,
  lessonCount,
  lessonsHeld,
  packageCreditsBackCents,
  packageRefundCents,
  refundBases,
} from './amounts.ts';

// Thursdays 18:00 in Berlin, 2026-01-08 to 2026-02-05, no weekday tag: five lessons on the start's weekday.
const course = { startDate: '2026-01-08', endDate: '2026-02-05', startTime: '18:00', weekdays: [] };
// The same dates on Tuesdays and Thursdays (weekday tags 1 and 3): nine lessons.
const twiceWeekly = { ...course, weekdays: [1, 3] };

describe('withdrawal amounts', () => {
  it('counts weekly lessons from start to end', () => {
    expect(lessonCount(course)).toBe(5);
    expect(lessonCount({ ...course, endDate: '2026-01-08' })).toBe(1);
  });

  it('counts the lessons of a course that meets twice a week by its weekday tags', () => {
    expect(lessonCount(twiceWeekly)).toBe(9);
    expect(lessonsHeld(twiceWeekly, new Date('2026-01-15T17:00:00Z'))).toBe(3); // Thu 8, Tue 13, Thu 15 18:00
    expect(
      courseRefundCents(27000, twiceWeekly, {
        earlyStartRequested: true,
        receivedAt: new Date('2026-01-16T09:00:00Z'),
      }),
    ).toBe(18000);
    // A tag that falls on none of the course's days counts as no tag.
    expect(lessonCount({ ...course, endDate: '2026-01-08', weekdays: [0] })).toBe(1);
  });

  it('counts a lesson as held once it began, in Berlin time', () => {
    expect(lessonsHeld(course, new Date('2026-01-08T16:59:00Z'))).toBe(0); // 17:59 in Berlin
    expect(lessonsHeld(course, new Date('2026-01-08T17:00:00Z'))).toBe(1); // 18:00 in Berlin
    expect(lessonsHeld(course, new Date('2026-01-20T09:00:00Z'))).toBe(2);
    expect(lessonsHeld(course, new Date('2026-03-01T09:00:00Z'))).toBe(5);
  });

  it('gives the full price back without an early-start request, pro rata by lessons held with one', () => {
    const receivedAt = new Date('2026-01-20T09:00:00Z');
    expect(courseRefundCents(25000, course, { earlyStartRequested: false, receivedAt })).toBe(25000);
    expect(courseRefundCents(25000, course, { earlyStartRequested: true, receivedAt })).toBe(15000);
    expect(
      courseRefundCents(25000, course, { earlyStartRequested: true, receivedAt: new Date('2026-01-05T09:00:00Z') }),
    ).toBe(25000);
  });

  it('gives back the unused credits of a package', () => {
    expect(packageRefundCents(10000, 10, 4)).toBe(4000);
    expect(packageRefundCents(10000, 10, 12)).toBe(10000);
  });

  it('refunds credits that come back to a withdrawn package one by one without ever passing its price', () => {
    // 499 € for 8 credits: 62.375 € each. Withdrawn with 5 unused (3 used by its courses), then each comes back.
    const withdrawn = packageRefundCents(49900, 8, 5);
    const back = [3, 2, 1].map((usedBefore) => packageCreditsBackCents(49900, 8, usedBefore, 1));
    expect([withdrawn, ...back]).toEqual([31188, 6237, 6238, 6237]);
    expect(withdrawn + back.reduce((sum, cents) => sum + cents, 0)).toBe(49900);
    expect(packageCreditsBackCents(49900, 8, 3, 3)).toBe(49900 - withdrawn);
  });

  it("takes each position's net as its refund base when the nets add up to the order total", () => {
    // Course 200 € and product 100 € with 10 % off both: 180 € + 90 € = 270 € charged.
    expect(refundBases([18000, 9000], 27000)).toEqual([18000, 9000]);
    expect(refundBases([0, 9000], 9000)).toEqual([0, 9000]);
    expect(refundBases([], 0)).toEqual([]);
  });

  it('spreads a difference no line carries over the positions, to the cent, adding up to the total', () => {
    // 10 € taken off the order but on no line: in proportion to the nets, largest remainder first.
    expect(refundBases([20000, 10000], 29000)).toEqual([19333, 9667]);
    expect(refundBases([100, 100, 100], 200)).toEqual([66, 67, 67]);
    // Something charged at order level and on no line goes back with the positions, too.
    expect(refundBases([20000, 10000], 30300)).toEqual([20200, 10100]);
    // Nothing paid on any line: the total is spread evenly.
    expect(refundBases([0, 0], 101)).toEqual([51, 50]);
    for (const [nets, total] of [
      [[333, 333, 334], 999],
      [[1, 2, 3, 4], 7],
      [[28900, 1999, 4500], 31012],
    ] as const)
      expect(refundBases(nets, total).reduce((sum, cents) => sum + cents, 0)).toBe(total);
  });
});
