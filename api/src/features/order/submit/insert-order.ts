import type { ParsedOrderRequest, PaymentMethodId } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { billingAddressColumns } from '../../customer/billing-address.ts';
import { hashToken, newToken } from '../../customer/secrets.ts';
import { nextOrderNumber } from '../order-number.ts';

/**
 * The order's row with its next number and its billing address: `paid` when nothing is to be paid, else waiting
 * for its payment and holding what it took until `holdExpiresAt`.
 */
export async function insertOrder(
  trx: Kysely<Database>,
  {
    request,
    customerId,
    email,
    now,
    totalCents,
    method,
    holdExpiresAt,
  }: {
    request: ParsedOrderRequest;
    customerId: number | null;
    email: string;
    now: Date;
    totalCents: number;
    method: PaymentMethodId | undefined;
    holdExpiresAt: Date;
  },
): Promise<{ orderId: number; incrementId: string; orderKey: string }> {
  const incrementId = await nextOrderNumber(trx);
  // For the buying browser only: the confirmation's price list needs it (state.ts).
  const orderKey = newToken();
  const paid = totalCents === 0;
  const { id: orderId } = await trx
    .insertInto('shop_order')
    .values({
      increment_id: incrementId,
      customer_id: customerId,
      email,
      status: paid ? 'paid' : 'payment_pending',
      total_price_cents: totalCents,
      comment: request.comment === '' ? null : request.comment,
      locale: request.locale,
      created_at: now.toISOString(),
      timezone: request.timezone,
      marketing_opt_in: request.marketingOptIn ? 1 : 0,
      payment_method: method ?? null,
      hold_expires_at: paid ? null : holdExpiresAt.toISOString(),
      early_start_requested_at: request.earlyStartRequested ? now.toISOString() : null,
      access_key_hash: hashToken(orderKey),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const address = request.billingAddress;
  await trx
    .insertInto('order_billing_address')
    .values({
      order_id: orderId,
      ...billingAddressColumns(address),
      phone: address.phone || null,
      birth_year: address.birthYear || null,
    })
    .execute();
  return { orderId, incrementId, orderKey };
}
