import {
  orderPricesOf,
  type OrderPaymentState,
  type OrderState,
  type PaymentStatus,
  withdrawalStateOf,
} from '@shop/shared/contract';
import type { Db } from '../../db/database.ts';
import { centsToEuro } from '../../lib/money.ts';
import { readOrder } from './read.ts';

/** The order's status as the pages after the payment act on it: both pending states wait, cancelled failed. */
export function paymentStateOf(orderStatus: string): OrderPaymentState {
  if (orderStatus === 'paid' || orderStatus === 'completed') return 'paid';
  if (orderStatus === 'pending' || orderStatus === 'payment_pending') return 'pending';
  return 'failed';
}

/** Addresses compare the way the shop stores them: trimmed, case-insensitive. */
const sameAddress = (stored: string, given: string) => stored.trim().toLowerCase() === given.trim().toLowerCase();

/**
 * The state of order `incrementId`, only when `email` is the address it was placed with; null otherwise, the same
 * for an unknown number as for a wrong address, so the answer never tells which order numbers exist.
 */
export async function readOrderState(
  db: Db,
  incrementId: string,
  email: string,
  now: Date,
): Promise<OrderState | null> {
  const order = await db.kysely
    .selectFrom('shop_order')
    .select(['id', 'increment_id', 'email', 'status', 'total_price_cents', 'hold_expires_at'])
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
  const full = state === 'paid' ? await readOrder(db, order.id) : null;
  return {
    incrementId: order.increment_id,
    state,
    paymentStatus: (payment?.status as PaymentStatus | undefined) ?? null,
    holdActive:
      state === 'pending' && order.hold_expires_at !== null && Date.parse(order.hold_expires_at) > now.getTime(),
    totalPrice: centsToEuro(order.total_price_cents),
    withdrawal: withdrawalStateOf(all.filter((row) => row.withdrawal_id !== null).length, all.length),
    ...(full ? { prices: orderPricesOf(full) } : {}),
  };
}
