import { languageSchema } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { queueMail } from '../../mail/outbox.ts';
import { renderOrderConfirmation } from './confirmation-mail.ts';
import { readOrder } from './read.ts';

/**
 * Queues the confirmation of an order, in the order's language, addressed to the billing person. Call it in the
 * transaction that makes the order paid: the mail then exists exactly when the payment does, and a replayed
 * webhook, which changes nothing, queues nothing.
 */
export async function queueOrderConfirmation(trx: Kysely<Database>, orderId: number, now: Date): Promise<void> {
  const order = await readOrder({ kysely: trx }, orderId);
  if (!order) return;
  const language = languageSchema.catch('de').parse(order.locale);
  await queueMail(
    trx,
    renderOrderConfirmation(order, language, {
      name: order.customerBillingAddress?.firstname ?? '',
      guest: order.customerId === null,
    }),
    { now },
  );
}
