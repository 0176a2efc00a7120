import {
  contractDateOf,
  type CourseType,
  normalizeEmail,
  withdrawalPeriodLastDay,
  type WithdrawalPosition,
  type WithdrawalReviewReason,
} from '@shop/shared/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { courseWeekdays } from '../catalog/weekdays.ts';
import { balanceTypeOfCourse } from '../order/balance-types.ts';
import { releasePlaces } from '../catalog/places.ts';
import {
  courseCreditsBack,
  courseRefundCents,
  packageCreditsBackCents,
  packageRefundCents,
  refundBases,
} from './amounts.ts';
import { giveBackSpentCredits, type OrderPackage, restorePackageBalance } from './spent-credits.ts';

export interface WithdrawInput {
  declarationId: number;
  orderNumber: string;
  email: string;
  /** The customer logged in while declaring: their own orders match whatever address the receipt goes to. */
  customerId: number | null;
  /** As declared; empty: the whole contract. */
  positions: readonly WithdrawalPosition[];
  receivedAt: Date;
}

export type WithdrawOutcome =
  | { outcome: 'review'; reason: WithdrawalReviewReason; orderId: number | null }
  | {
      outcome: 'withdrawn';
      orderId: number;
      /** The positions this declaration withdrew. */
      withdrawn: WithdrawalPosition[];
      refundCents: number;
      /** The refund row to issue; null when nothing was paid that could go back. */
      refundId: number | null;
      placesChanged: boolean;
    };

const paidStatuses = ['paid', 'completed'];

/**
 * The order a declaration names: its number, and either its address or the logged-in customer owning it; null
 * when none matches (the answer then tells nothing about the order). `byOwner`: the declarant is the order's
 * logged-in owner, the only declarant the shop acts for at once; a match by address alone waits for the link sent
 * to that address (docs/withdrawal-rules.md).
 */
export async function findDeclaredOrder(
  trx: Kysely<Database>,
  { orderNumber, email, customerId }: Pick<WithdrawInput, 'orderNumber' | 'email' | 'customerId'>,
) {
  const order = await trx
    .selectFrom('shop_order')
    .select(['id', 'email', 'customer_id', 'status', 'created_at', 'total_price_cents', 'early_start_requested_at'])
    .where('increment_id', '=', orderNumber)
    .executeTakeFirst();
  if (!order) return null;
  const byOwner = customerId !== null && order.customer_id === customerId;
  return byOwner || normalizeEmail(order.email) === normalizeEmail(email) ? { order, byOwner } : null;
}

/**
 * Acts on a stored declaration the shop may act on (its order's logged-in owner's, or one confirmed by its link,
 * docs/withdrawal-rules.md), in one transaction: finds the order (its number and its address, or the logged-in
 * customer's own order), checks the 14 days and that it was paid, withdraws the chosen positions that still stand
 * (each with one conditional write, so a replay or a concurrent declaration never withdraws one twice), gives back
 * places and appointments, takes back unused package credits, gives back the credits the withdrawn courses spent,
 * by the same share as their money, and records the refund due (each position's own net price,
 * docs/withdrawal-rules.md), at most what was paid and not refunded yet. Anything the shop cannot decide alone is
 * left to the school (`review`).
 */
export async function withdrawPositions(trx: Kysely<Database>, input: WithdrawInput): Promise<WithdrawOutcome> {
  const found = await findDeclaredOrder(trx, input);
  if (!found) return { outcome: 'review', reason: 'unknown_order', orderId: null };
  const { order } = found;
  const review = (reason: WithdrawalReviewReason): WithdrawOutcome => ({
    outcome: 'review',
    reason,
    orderId: order.id,
  });
  const lastDay = withdrawalPeriodLastDay(contractDateOf(new Date(order.created_at)));
  if (contractDateOf(input.receivedAt) > lastDay) return review('out_of_period');
  if (!paidStatuses.includes(order.status)) return review('not_paid');

  // Declarations for one order queue here (PostgreSQL row lock), so refunds are counted against what is left.
  await trx
    .updateTable('shop_order')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', order.id)
    .execute();
  // Credits go back to balances the customer's other orders spent from or were credited as, so declarations on any
  // of a customer's orders queue here as well, after their order's lock (as a submit spending the balances does,
  // order/submit.ts): two of them never wait for each other's balances (a deadlock, one answered 500 without its
  // receipt), and each counts what the other left.
  if (order.customer_id !== null)
    await trx
      .updateTable('customer')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', order.customer_id)
      .execute();

  const [bookings, products, packages] = await Promise.all([
    trx
      .selectFrom('course_booking')
      .innerJoin('course', 'course.id', 'course_booking.course_id')
      .select([
        'course_booking.id',
        'course_booking.course_id',
        'course_booking.quantity',
        'course_booking.total_price_cents',
        'course_booking.withdrawal_id',
        'course_booking.credits_applied',
        'course.type',
        'course.start_date',
        'course.end_date',
        'course.start_time',
      ])
      .where('course_booking.order_id', '=', order.id)
      .orderBy('course_booking.course_id')
      .execute(),
    trx
      .selectFrom('product_order')
      .select(['id', 'quantity', 'unit_price_cents', 'discount_cents', 'withdrawal_id'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('customer_balance_transaction')
      .select(['id', 'type_id', 'amount', 'quantity', 'total_price_cents', 'used_in_order', 'withdrawal_id'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
  ]);
  // What was paid for each position (net of codes and credits): the base of its refund, fixed for the order
  // whichever positions are withdrawn first, adding up to what was charged (refundBases).
  const nets = [
    ...bookings.map((row) => ({ kind: 'course' as const, id: row.id, cents: row.total_price_cents })),
    ...products.map((row) => ({
      kind: 'product' as const,
      id: row.id,
      cents: row.unit_price_cents * row.quantity - row.discount_cents,
    })),
    ...packages.map((row) => ({ kind: 'package' as const, id: row.id, cents: row.total_price_cents })),
  ];
  const all: WithdrawalPosition[] = nets.map(({ kind, id }) => ({ kind, id }));
  const key = (position: WithdrawalPosition) => `${position.kind}:${position.id}`;
  const bases = refundBases(
    nets.map((net) => net.cents),
    order.total_price_cents,
  );
  const baseOf = (position: WithdrawalPosition) => bases[nets.findIndex((net) => key(net) === key(position))]!;
  const declared = new Set(input.positions.map(key));
  const chosen = input.positions.length === 0 ? all : all.filter((position) => declared.has(key(position)));
  if (chosen.length === 0) return review('unknown_order');

  const tables = {
    course: 'course_booking',
    product: 'product_order',
    package: 'customer_balance_transaction',
  } as const;
  const withdrawn: WithdrawalPosition[] = [];
  for (const position of chosen) {
    const moved = await trx
      .updateTable(tables[position.kind])
      .set({ withdrawal_id: input.declarationId })
      .where('id', '=', position.id)
      .where('withdrawal_id', 'is', null)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 1n) withdrawn.push(position);
  }
  if (withdrawn.length === 0) return review('already_withdrawn');
  const now = new Set(withdrawn.map(key));

  const rule = { earlyStartRequested: order.early_start_requested_at !== null, receivedAt: input.receivedAt };
  const courses = await withdrawCourses(
    trx,
    bookings.filter((row) => now.has(`course:${row.id}`)),
    { rule, baseOf },
  );
  let dueCents = courses.dueCents;
  for (const product of products.filter((row) => now.has(`product:${row.id}`)))
    dueCents += baseOf({ kind: 'product', id: product.id });
  // The credits the withdrawn courses spent go back before the packages are settled, so that a package withdrawn
  // with them counts what they gave back to it as unused.
  const toPackages = new Map<number, number>();
  for (const [typeId, count] of courses.creditsBack)
    for (const [id, back] of await giveBackSpentCredits(trx, { orderId: order.id, typeId, count, packages }))
      toPackages.set(id, back);
  dueCents += await settlePackages(trx, {
    order,
    packages,
    withdrawnNow: (id) => now.has(`package:${id}`),
    toPackages,
    baseOf,
  });

  const payment = await trx
    .selectFrom('payment')
    .select(['provider', 'transaction_id', 'amount_cents'])
    .where('order_id', '=', order.id)
    .where('status', '=', 'paid')
    .where('transaction_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const refunded = await trx
    .selectFrom('refund')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), sql<number>`0`).as('total'))
    .where('order_id', '=', order.id)
    // A refund the provider refused gave nothing back.
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  // Money a chargeback took back is the buyer's already: a withdrawal refunds at most what the shop still holds
  // (docs/withdrawal-rules.md). Read under the order's lock above, so a chargeback recorded meanwhile counts.
  const { charged_back_cents: chargedBack } = await trx
    .selectFrom('shop_order')
    .select('charged_back_cents')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const held = payment ? payment.amount_cents - Number(refunded.total) - chargedBack : 0;
  const refundCents = Math.max(0, Math.min(dueCents, held));
  let refundId: number | null = null;
  if (payment && refundCents > 0) {
    const instant = input.receivedAt.toISOString();
    const row = await trx
      .insertInto('refund')
      .values({
        order_id: order.id,
        withdrawal_id: input.declarationId,
        provider: payment.provider,
        payment_transaction_id: payment.transaction_id!,
        amount_cents: refundCents,
        status: 'pending',
        provider_refund_id: null,
        created_at: instant,
        updated_at: instant,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    refundId = row.id;
  }
  return {
    outcome: 'withdrawn',
    orderId: order.id,
    withdrawn,
    refundCents,
    refundId,
    placesChanged: courses.placesChanged,
  };
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

interface PackageRow extends OrderPackage {
  amount: number;
  quantity: number;
  withdrawal_id: number | null;
}

/**
 * The packages' part of the refund. A package withdrawn now refunds the part of its price for the credits not used,
 * counting those its courses just gave back to it; credits given back to a package withdrawn before are refunded
 * by what they add to its unused credits' share (its refund then had counted them as used; packageCreditsBackCents);
 * a package still standing holds them again as balance.
 * The latest bought is settled first, so that the order's packages of one type share their balance the way the
 * submit spends it (takeBackCredits).
 */
async function settlePackages(
  trx: Kysely<Database>,
  {
    order,
    packages,
    withdrawnNow,
    toPackages,
    baseOf,
  }: {
    order: { id: number; customer_id: number | null; created_at: string };
    packages: PackageRow[];
    withdrawnNow: (id: number) => boolean;
    toPackages: ReadonlyMap<number, number>;
    baseOf: (position: WithdrawalPosition) => number;
  },
): Promise<number> {
  let dueCents = 0;
  for (const purchase of [...packages].sort((a, b) => b.id - a.id)) {
    const credits = purchase.amount * purchase.quantity;
    const back = toPackages.get(purchase.id) ?? 0;
    const base = baseOf({ kind: 'package', id: purchase.id });
    if (withdrawnNow(purchase.id)) {
      const unused = await takeBackCredits(trx, {
        orderId: order.id,
        customerId: order.customer_id,
        purchase,
        // What the order's later packages of the same type that still stand were credited: theirs in the balance.
        heldForLater: packages
          .filter(
            (other) =>
              other.type_id === purchase.type_id &&
              other.id > purchase.id &&
              other.withdrawal_id === null &&
              !withdrawnNow(other.id),
          )
          .reduce(
            (sum, other) => sum + other.amount * other.quantity - other.used_in_order + (toPackages.get(other.id) ?? 0),
            0,
          ),
      });
      dueCents += packageRefundCents(base, credits, unused + back);
    } else if (back > 0 && purchase.withdrawal_id !== null) {
      dueCents += packageCreditsBackCents(base, credits, purchase.used_in_order, back);
    } else if (back > 0 && order.customer_id !== null) {
      await restorePackageBalance(trx, {
        orderId: order.id,
        customerId: order.customer_id,
        typeId: purchase.type_id,
        count: back,
        orderedAt: new Date(order.created_at),
      });
    }
  }
  return dueCents;
}

/**
 * Takes back the credits of a withdrawn package that were not used. A guest has no balance, so all but what the
 * order's own courses used count as unused. A customer's are on the balance the paid order was credited as; the
 * order's packages of one type share it (one balance row each, same validity, or the one row credits came back to).
 * The submit spends such balances the first credited first, so what is left of them belongs to the packages bought
 * last: a package takes back what is left beyond `heldForLater` (what the later packages still standing were
 * credited), at most what it was credited itself (its credits less those its order's courses still use). Whatever
 * the order of withdrawals, no package takes back another's credits.
 */
async function takeBackCredits(
  trx: Kysely<Database>,
  {
    orderId,
    customerId,
    purchase,
    heldForLater,
  }: { orderId: number; customerId: number | null; purchase: PackageRow; heldForLater: number },
): Promise<number> {
  const credited = purchase.amount * purchase.quantity - purchase.used_in_order;
  if (customerId === null) return credited;
  const balances = await trx
    .selectFrom('customer_balance')
    .select(['id', 'balance'])
    .where('order_id', '=', orderId)
    .where('type_id', '=', purchase.type_id)
    .where('balance', '>', 0)
    .orderBy('id', 'desc')
    .execute();
  const held = balances.reduce((sum, balance) => sum + balance.balance, 0);
  let wanted = Math.max(0, Math.min(credited, held - heldForLater));
  let unused = 0;
  for (const balance of balances) {
    if (wanted === 0) break;
    const take = Math.min(wanted, balance.balance);
    const taken = await trx
      .updateTable('customer_balance')
      .set({ balance: balance.balance - take })
      .where('id', '=', balance.id)
      .where('balance', '=', balance.balance)
      .executeTakeFirst();
    if (taken.numUpdatedRows !== 1n) continue;
    unused += take;
    wanted -= take;
  }
  return unused;
}
