import type { ParsedOrderRequest, PaymentMethodId } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { hashToken } from '../../customer/secrets.ts';
import { takePlaces } from '../../catalog/places.ts';
import {
  type PaymentProvider,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
} from '../../payment-provider/provider.ts';
import { cancelPendingOrder } from '../cancel.ts';
import { paymentLinesOf } from '../payment-lines.ts';
import { readOrder } from '../read.ts';
import { SubmitUndoneError } from './errors.ts';
import type { WrittenOrder } from './write-order.ts';
import { inTransaction } from '../../../db/database.ts';

/**
 * Step 3 of a submit, outside any transaction (an HTTP call inside one would stall every other write on SQLite):
 * the provider creates the payment of a written order, with the shop's timeout. When it cannot, the order is
 * undone and a SubmitUndoneError tells the buyer to try again or choose another method
 * (docs/decisions/0002-mollie-payments.md).
 */
export async function createOrderPayment(
  db: Kysely<Database>,
  provider: PaymentProvider,
  {
    order,
    method,
    request,
    email,
  }: { order: WrittenOrder; method: PaymentMethodId; request: ParsedOrderRequest; email: string },
): Promise<{ id: string; paymentLink: string }> {
  try {
    const placed = await readOrder({ kysely: db }, order.orderId);
    if (!placed) throw new Error(`Order ${order.orderId} was written but cannot be read`);
    return await provider.createPayment({
      amountCents: order.totalCents,
      reference: order.incrementId,
      orderId: order.orderId,
      email,
      billingAddress: request.billingAddress,
      lines: paymentLinesOf(placed, request.locale),
      locale: request.locale,
      expiresAt: order.holdExpiresAt,
      method,
    });
  } catch (error) {
    await undoWrittenOrder(db, order);
    if (error instanceof PaymentProviderUnavailableError || error instanceof PaymentRefusedError)
      throw new SubmitUndoneError(order.incrementId, order.placesChanged, error);
    throw error;
  }
}

/**
 * Undoes steps 1 and 2 of a submit whose payment could not be created: cancels the order (places, appointments,
 * credits and code redemptions go back, only while it is still pending, so a sweep that got there first is not
 * repeated) and deletes it with its positions. Its number stays unused: order numbers may have gaps. A waitlist
 * offer the order used is the buyer's again, with its place held as before: the buyer could not pay through no
 * fault of theirs, so the place must neither go to the next buyer nor be lost to the offer's holder (an offer
 * whose time ran out meanwhile ends with the waitlist's next run).
 */
async function undoWrittenOrder(db: Kysely<Database>, { orderId, claimedOffers }: WrittenOrder): Promise<void> {
  await inTransaction(db, async (trx) => {
    // The reason hardly matters: the order is removed right after, once what it held is released.
    if (!(await cancelPendingOrder(trx, orderId, 'payment_failed'))) return;
    for (const { courseId, offerToken } of claimedOffers) {
      const reopened = await trx
        .updateTable('waitlist_entry')
        .set({ status: 'offered', ended_at: null })
        .where('offer_token_hash', '=', hashToken(offerToken))
        .where('course_id', '=', courseId)
        .where('status', '=', 'claimed')
        .executeTakeFirst();
      // The order's places were all given back just now, in this transaction: the offer's one is still free.
      if (reopened.numUpdatedRows === 1n) await takePlaces(trx, courseId, 1);
    }
    await trx.deleteFrom('shop_order').where('id', '=', orderId).where('status', '=', 'cancelled').execute();
  });
}
