import { languageSchema } from '@shop/shared/contract';
import type { AppContext } from '../../app-context.ts';
import { renderOrderConfirmation } from './confirmation-mail.ts';
import { readOrder } from './read.ts';

/** Sends the confirmation of an order, in the order's language, addressed to the billing person. */
export async function sendOrderConfirmation(ctx: AppContext, orderId: number): Promise<void> {
  const order = await readOrder(ctx.db, orderId);
  if (!order) return;
  const language = languageSchema.catch('de').parse(order.locale);
  await ctx.mailer.send(renderOrderConfirmation(order, language, { name: order.customerBillingAddress?.firstname ?? '' }));
}
