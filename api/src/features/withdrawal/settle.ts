import type { CourseType, WithdrawalPosition } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { courseWeekdays } from '../catalog/weekdays.ts';
import { releasePlaces } from '../catalog/places.ts';
import { balanceTypeOfCourse } from '../order/balance-types.ts';
import { courseCreditsBack, courseRefundCents } from './amounts.ts';
import { positionKey } from './decide.ts';
import type { OrderPositions } from './load-order.ts';
import { settlePackages } from './settle-packages.ts';
import { giveBackSpentCredits } from './spent-credits.ts';

const tables = {
  course: 'course_booking',
  product: 'product_order',
  package: 'customer_balance_transaction',
} as const;

/**
 * Marks the chosen positions withdrawn by the declaration, each with one conditional write, so a replay or a
 * concurrent declaration never withdraws one twice. Returns those this declaration withdrew.
 */
export async function markWithdrawn(
  trx: Kysely<Database>,
  chosen: readonly WithdrawalPosition[],
  declarationId: number,
): Promise<WithdrawalPosition[]> {
  const withdrawn: WithdrawalPosition[] = [];
  for (const position of chosen) {
    const moved = await trx
      .updateTable(tables[position.kind])
      .set({ withdrawal_id: declarationId })
      .where('id', '=', position.id)
      .where('withdrawal_id', 'is', null)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 1n) withdrawn.push(position);
  }
  return withdrawn;
}

/**
 * Settles the positions just withdrawn: places go back, the credits their courses spent go back, the packages give
 * back their unused credits; returns the money due for all of them and whether any course's places changed.
 */
export async function settleWithdrawn(
  trx: Kysely<Database>,
  {
    order,
    rows,
    withdrawn,
    baseOf,
    receivedAt,
  }: {
    order: { id: number; customer_id: number | null; created_at: string; early_start_requested_at: string | null };
    rows: OrderPositions;
    withdrawn: readonly WithdrawalPosition[];
    baseOf: (position: WithdrawalPosition) => number;
    receivedAt: Date;
  },
): Promise<{ dueCents: number; placesChanged: boolean }> {
  const now = new Set(withdrawn.map(positionKey));
  const rule = { earlyStartRequested: order.early_start_requested_at !== null, receivedAt };
  const courses = await withdrawCourses(
    trx,
    rows.bookings.filter((row) => now.has(`course:${row.id}`)),
    { rule, baseOf },
  );
  let dueCents = courses.dueCents;
  for (const product of rows.products.filter((row) => now.has(`product:${row.id}`)))
    dueCents += baseOf({ kind: 'product', id: product.id });
  // The credits the withdrawn courses spent go back before the packages are settled, so that a package withdrawn
  // with them counts what they gave back to it as unused.
  const toPackages = new Map<number, number>();
  for (const [typeId, count] of courses.creditsBack)
    for (const [id, back] of await giveBackSpentCredits(trx, {
      orderId: order.id,
      typeId,
      count,
      packages: rows.packages,
    }))
      toPackages.set(id, back);
  dueCents += await settlePackages(trx, {
    order,
    packages: rows.packages,
    withdrawnNow: (id) => now.has(`package:${id}`),
    toPackages,
    baseOf,
  });
  return { dueCents, placesChanged: courses.placesChanged };
}

/** What decides how much of a course goes back: the early-start request and the declaration's receipt time. */
type CourseRule = Parameters<typeof courseRefundCents>[2];

interface WithdrawnBooking {
  id: number;
  course_id: number;
  quantity: number;
  credits_applied: number;
  type: number;
  start_date: string;
  end_date: string;
  start_time: string | null;
}

/**
 * The withdrawn course bookings: their places go back, and each gives back the same share of what paid for it,
 * money (its net price) and package credits alike (docs/withdrawal-rules.md): all of it without the early-start
 * request, with it all but the lessons held. Returns the money due and the credits to give back per balance type.
 */
async function withdrawCourses(
  trx: Kysely<Database>,
  bookings: WithdrawnBooking[],
  { rule, baseOf }: { rule: CourseRule; baseOf: (position: WithdrawalPosition) => number },
) {
  const weekdaysByCourse = await courseWeekdays(
    trx,
    bookings.map((row) => row.course_id),
  );
  let dueCents = 0;
  const creditsBack = new Map<number, number>();
  for (const booking of bookings) {
    await releasePlaces(trx, booking.course_id, booking.quantity);
    const dates = {
      startDate: booking.start_date,
      endDate: booking.end_date,
      startTime: booking.start_time,
      weekdays: weekdaysByCourse.get(booking.course_id) ?? [],
    };
    dueCents += courseRefundCents(baseOf({ kind: 'course', id: booking.id }), dates, rule);
    const typeId = balanceTypeOfCourse(booking.type as CourseType);
    if (typeId !== null && booking.credits_applied > 0)
      creditsBack.set(typeId, (creditsBack.get(typeId) ?? 0) + courseCreditsBack(booking.credits_applied, dates, rule));
  }
  return { dueCents, creditsBack, placesChanged: bookings.length > 0 };
}
