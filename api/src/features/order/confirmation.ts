import { languageSchema } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { queueMail } from '../../mail/outbox.ts';
import { invoiceAttachment } from './invoice-attachment.ts';
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
  const mail = renderOrderConfirmation(order, language, {
    name: order.customerBillingAddress?.firstname ?? '',
    guest: order.customerId === null,
  });
  // The order's invoice (issued just before, in the same transaction) goes along as its PDF.
  const invoice = await invoiceAttachment(trx, orderId);
  await queueMail(trx, { ...mail, attachments: [...(mail.attachments ?? []), ...(invoice ? [invoice] : [])] }, { now });
}
