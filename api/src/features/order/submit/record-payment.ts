import type { PaymentMethodId } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** Step 4 of a submit: the provider's payment recorded as pending, for its status report to find. */
export async function recordPayment(
  db: Kysely<Database>,
  {
    orderId,
    provider,
    method,
    payment,
    amountCents,
    now,
  }: {
    orderId: number;
    provider: string;
    method: PaymentMethodId;
    payment: { id: string; paymentLink: string };
    amountCents: number;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('payment')
    .values({
      order_id: orderId,
      provider,
      method,
      transaction_id: payment.id,
      status: 'pending',
      payment_link: payment.paymentLink,
      amount_cents: amountCents,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
}
