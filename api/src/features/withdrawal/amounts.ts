import { courseMeetings } from '@shop/shared/format';
import { isoDateInZone } from '../../lib/dates.ts';

/**
 * What a withdrawal gives back, position by position (docs/withdrawal-rules.md). Pure: the declaration's
 * transaction reads the positions and writes the outcome.
 */

/** A course's dates as the booking knows them; its lessons are the days `courseMeetings` names. */
export interface CourseDates {
  startDate: string;
  endDate: string;
  /** From the course's weekday tags (0 = Monday); empty: the weekdays of its first and last day. */
  weekdays: readonly number[];
  /** null: by appointment (the lesson of a day counts from the day's start). */
  startTime: string | null;
}

/** How many lessons the course has: each day it meets, from the start date through the end date. */
export function lessonCount(course: CourseDates): number {
  return Math.max(1, courseMeetings(course).days.length);
}

/** How many lessons had begun by `instant` (the shop's time zone): the withdrawal's receipt time. */
export function lessonsHeld(course: CourseDates, instant: Date, timeZone = 'Europe/Berlin'): number {
  const today = isoDateInZone(instant, timeZone);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return courseMeetings(course).days.filter(
    (date) => date < today || (date === today && (course.startTime === null || course.startTime <= time)),
  ).length;
}

/**
 * The price of a course booking that goes back. Without the consumer's express request to begin early the school
 * can claim nothing for lessons given, so everything goes back; with it, the value of the lessons held by the
 * receipt time (pro rata of the booking's price) stays with the school.
 */
export function courseRefundCents(
  priceCents: number,
  course: CourseDates,
  { earlyStartRequested, receivedAt }: { earlyStartRequested: boolean; receivedAt: Date },
): number {
  if (!earlyStartRequested) return priceCents;
  const value = Math.round((priceCents * lessonsHeld(course, receivedAt)) / lessonCount(course));
  return priceCents - value;
}

/** The part of a package's price for the credits not yet used (those are taken back). */
export function packageRefundCents(priceCents: number, credits: number, unused: number): number {
  if (credits <= 0) return 0;
  return Math.round((priceCents * Math.min(unused, credits)) / credits);
}

/**
 * Scales position prices down to what the order cost when a code took something off the whole order (the
 * positions then add up to more than the total): each position's share of what was paid.
 */
export function shareOfTotal(cents: number, positionsCents: number, orderTotalCents: number): number {
  if (positionsCents <= orderTotalCents || positionsCents === 0) return cents;
  return Math.round((cents * orderTotalCents) / positionsCents);
}
