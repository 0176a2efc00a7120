import type { OrderCancelReason } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { releaseStoredCredits } from './credits.ts';
import { releasePlaces } from '../catalog/places.ts';

/**
 * Cancels an order that is still waiting for its payment and gives back what it held: course places and
 * appointments, discount-code redemptions and spent credits; `reason` is kept with the order. False (nothing
 * done) when the order is not pending, so a second call, from this process or another, changes nothing: the
 * status update is conditional, and on PostgreSQL a concurrent one waits for this row and then finds it moved.
 */
export async function cancelPendingOrder(
  trx: Kysely<Database>,
  orderId: number,
  reason: OrderCancelReason,
): Promise<boolean> {
  const moved = await trx
    .updateTable('shop_order')
    .set({ status: 'cancelled', cancel_reason: reason })
    .where('id', '=', orderId)
    .where('status', 'in', ['pending', 'payment_pending'])
    .returning('customer_id')
    .executeTakeFirst();
  if (!moved) return false;
  // Stored credits go back to balances the customer's other orders may be giving back to at the same moment (a
  // withdrawal): like it, queue on the customer's row after the order's, so the two never lock balances in opposite
  // orders (a deadlock on PostgreSQL; api/src/features/withdrawal/withdraw.ts).
  if (moved.customer_id !== null)
    await trx
      .updateTable('customer')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', moved.customer_id)
      .execute();
  const bookings = await trx
    .selectFrom('course_booking')
    .select(['course_id', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('course_id')
    .execute();
  for (const booking of bookings) await releasePlaces(trx, booking.course_id, booking.quantity);
  await trx.deleteFrom('discount_code_usage').where('order_id', '=', orderId).execute();
  await releaseStoredCredits(trx, orderId);
  return true;
}
