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

/**
 * How many of the package credits that paid for a course booking go back, by the rule its price follows
 * (courseRefundCents): all of them without the early-start request; with it, the school keeps the credits' share of
 * the lessons held by the receipt time. Credits are whole hours or modules, so the school keeps that share rounded
 * down, in the buyer's favour (docs/withdrawal-rules.md).
 */
export function courseCreditsBack(
  credits: number,
  course: CourseDates,
  { earlyStartRequested, receivedAt }: { earlyStartRequested: boolean; receivedAt: Date },
): number {
  if (!earlyStartRequested) return credits;
  return credits - Math.floor((credits * lessonsHeld(course, receivedAt)) / lessonCount(course));
}

/** The part of a package's price for the credits not yet used (those are taken back). */
export function packageRefundCents(priceCents: number, credits: number, unused: number): number {
  if (credits <= 0) return 0;
  return Math.round((priceCents * Math.min(unused, credits)) / credits);
}

/**
 * The money for credits that came back to a package withdrawn before (its refund then had counted them as used):
 * the share of its price its unused credits are worth now less what they were worth before, so that however many
 * times its credits come back, each rounded on its own, the package never refunds more than its price.
 * `usedBefore`: the credits its order's courses used until now; `back`: how many of them came back.
 */
export function packageCreditsBackCents(priceCents: number, credits: number, usedBefore: number, back: number): number {
  return (
    packageRefundCents(priceCents, credits, credits - usedBefore + back) -
    packageRefundCents(priceCents, credits, credits - usedBefore)
  );
}

/**
 * Each position's refund base, the price the consumer actually paid for it (docs/withdrawal-rules.md): its net after
 * codes and credits, as the order stored it. Pricing spreads every code over the lines it covers, so the nets add up
 * to the order total and come back unchanged. Should an order's stored positions not add up to its total (an order
 * older than its lines' discounts, docs/decisions/0034-one-price-presenter.md), nothing outside the lines may be
 * lost or paid twice: the difference is spread over the positions in proportion to their nets (largest remainder,
 * ties to the earlier position), so the bases add up to exactly what was charged, whichever position goes first.
 */
export function refundBases(netCents: readonly number[], orderTotalCents: number): number[] {
  const sum = netCents.reduce((total, cents) => total + cents, 0);
  const difference = orderTotalCents - sum;
  if (difference === 0 || netCents.length === 0) return [...netCents];
  const weights = sum > 0 ? netCents : netCents.map(() => 1);
  const weightSum = weights.reduce((total, weight) => total + weight, 0);
  const amount = Math.abs(difference);
  const shares = weights.map((weight, index) => {
    const exact = (amount * weight) / weightSum;
    return { index, cents: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = amount - shares.reduce((total, share) => total + share.cents, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    share.cents += 1;
    left -= 1;
  }
  return netCents.map((cents, index) => cents + Math.sign(difference) * shares[index]!.cents);
}
