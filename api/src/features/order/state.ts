import {
  orderPricesOf,
  type OrderPaymentState,
  type OrderState,
  type PaymentStatus,
  withdrawalStateOf,
} from '@shop/shared/contract';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { centsToEuros } from '@shop/shared/money';
import { hashToken } from '../customer/secrets.ts';
import { cancelPendingOrder } from './cancel.ts';
import { flaggedPaymentsOf, latePaymentsOf } from './late-payment.ts';
import { readOrder } from './read.ts';
import { inTransaction } from '../../db/database.ts';

/** The order's status as the pages after the payment act on it: both pending states wait, cancelled failed. */
export function paymentStateOf(orderStatus: string): OrderPaymentState {
  if (orderStatus === 'paid' || orderStatus === 'completed') return 'paid';
  if (orderStatus === 'pending' || orderStatus === 'payment_pending') return 'pending';
  return 'failed';
}

/** Addresses compare the way the shop stores them: trimmed, case-insensitive. */
const sameAddress = (stored: string, given: string) => stored.trim().toLowerCase() === given.trim().toLowerCase();

/** Whether `orderKey` is the key the order was submitted with (compared as hashes, in constant time). */
function holdsOrderKey(storedHash: string | null, orderKey: string | undefined): boolean {
  if (storedHash === null || orderKey === undefined) return false;
  const given = Buffer.from(hashToken(orderKey), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The state of order `incrementId`, only when `email` is the address it was placed with; null otherwise, the same
 * for an unknown number as for a wrong address, so the answer never tells which order numbers exist. A paid
 * order's positions and prices only with the `orderKey` its submit gave the buying browser: number and address
 * are easy to come by, what someone booked (and who takes part) is not theirs to read
 * (docs/product-rules.md#the-confirmations-price-list).
 */
export async function readOrderState(
  db: Db,
  incrementId: string,
  email: string,
  now: Date,
  orderKey?: string,
): Promise<OrderState | null> {
  const order = await db.kysely
    .selectFrom('shop_order')
    .select(['id', 'increment_id', 'email', 'status', 'total_price_cents', 'hold_expires_at', 'access_key_hash'])
    .where('increment_id', '=', incrementId)
    .executeTakeFirst();
  if (!order || !sameAddress(order.email, email)) return null;
  const payment = await db.kysely
    .selectFrom('payment')
    .select('status')
    .where('order_id', '=', order.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const state = paymentStateOf(order.status);
  const positions = await Promise.all(
    (['course_booking', 'product_order', 'customer_balance_transaction'] as const).map((table) =>
      db.kysely.selectFrom(table).select('withdrawal_id').where('order_id', '=', order.id).execute(),
    ),
  );
  const all = positions.flat();
  // Only a paid order's confirmation lists its prices; the return page, which polls, does not need them.
  const keyHolder = holdsOrderKey(order.access_key_hash, orderKey);
  const latePayment =
    state === 'failed'
      ? (await latePaymentsOf(db.kysely, await flaggedPaymentsOf(db.kysely, [order.id]))).get(order.id)
      : undefined;
  const full = state === 'paid' && keyHolder ? await readOrder(db, order.id) : null;
  const holdActive =
    state === 'pending' && order.hold_expires_at !== null && Date.parse(order.hold_expires_at) > now.getTime();
  // The way back to the payment, for the buyer only: from the browser that placed it, or the order-received mail.
  const paymentLink =
    holdActive && keyHolder
      ? (
          await db.kysely
            .selectFrom('payment')
            .select('payment_link')
            .where('order_id', '=', order.id)
            .where('status', '=', 'pending')
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst()
        )?.payment_link
      : null;
  return {
    incrementId: order.increment_id,
    state,
    paymentStatus: (payment?.status as PaymentStatus | undefined) ?? null,
    holdActive,
    totalPrice: centsToEuros(order.total_price_cents),
    withdrawal: withdrawalStateOf(all.filter((row) => row.withdrawal_id !== null).length, all.length),
    ...(full
      ? {
          prices: orderPricesOf(full),
          bookings: full.courseBookings.map((booking) => ({
            course: booking.course,
            participants: booking.participants.map(({ firstname, lastname }) => ({ firstname, lastname })),
          })),
        }
      : {}),
    ...(paymentLink ? { paymentLink } : {}),
    ...(latePayment ? { latePayment } : {}),
  };
}

/**
 * The buyer changes order `incrementId` instead of paying it: while it waits for its payment it is cancelled
 * (`changed_by_buyer`) and gives back its places, codes and credits at once, as the hold sweep would at the end of
 * its hold. Only with the address it was placed with and the key its submit gave the buying browser: the release
 * costs the buyer their places, so knowing a number and an address must not be enough. Null when they do not fit
 * (the same for an unknown number); otherwise the order's id and whether this call cancelled it (false: it was no
 * longer waiting, e.g. paid or already cancelled).
 */
export async function releaseWaitingOrder(
  db: Db,
  incrementId: string,
  email: string,
  orderKey: string,
): Promise<{ orderId: number; released: boolean } | null> {
  const orderId = await buyersOrderId(db, incrementId, email, orderKey);
  if (orderId === null) return null;
  const released = await inTransaction(db.kysely, (trx) => cancelPendingOrder(trx, orderId, 'changed_by_buyer'));
  return { orderId, released };
}

/**
 * The id of order `incrementId` when `email` is its address and `orderKey` its key (the browser that placed it);
 * null otherwise, the same for an unknown number.
 */
export async function buyersOrderId(
  db: Db,
  incrementId: string,
  email: string,
  orderKey: string,
): Promise<number | null> {
  const order = await db.kysely
    .selectFrom('shop_order')
    .select(['id', 'email', 'access_key_hash'])
    .where('increment_id', '=', incrementId)
    .executeTakeFirst();
  if (!order || !sameAddress(order.email, email) || !holdsOrderKey(order.access_key_hash, orderKey)) return null;
  return order.id;
}
