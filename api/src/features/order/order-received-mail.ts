import { languageSchema, type Language } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { shopTimeZone } from '../../lib/dates.ts';
import { formatCents } from '@shop/shared/money';
import { fillText, mailButton, mailDocument, mailFacts, mailParagraph, mailText } from '../../mail/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { queueMail } from '../../mail/outbox.ts';
import de from './received-mail-texts/de.json' with { type: 'json' };
import en from './received-mail-texts/en.json' with { type: 'json' };
import es from './received-mail-texts/es.json' with { type: 'json' };

const texts: Record<Language, typeof de> = { de, en, es };

/** The shop page a mail's link opens for a waiting order: number, address and the order's key. */
export const pendingOrderPath = '/checkout-pending';

export interface ReceivedOrder {
  incrementId: string;
  email: string;
  name: string;
  totalCents: number;
  holdExpiresAt: string;
}

/**
 * The acknowledgement of an order that waits for its payment (the receipt confirmed without delay, docs/decisions/0127-the-order-mail-leads-back-to-the-payment.md),
 * with the way back to it: `link` opens the waiting order, where the buyer continues the payment or changes the
 * order, on any device. Pure, like the confirmation.
 */
export function renderOrderReceived(order: ReceivedOrder, language: Language, link: string): MailMessage {
  const t = texts[language];
  const time = new Intl.DateTimeFormat('de-DE', { timeZone: shopTimeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(order.holdExpiresAt),
  );
  const subject = fillText(t.subject, { number: order.incrementId });
  const facts: [string, string][] = [
    [t.orderNumber, order.incrementId],
    [t.total, formatCents(order.totalCents)],
  ];
  const before = [fillText(t.greeting, { name: order.name }), fillText(t.intro, { number: order.incrementId })];
  const after = [t.paid, fillText(t.unpaid, { time }), t.keep];
  const text = mailText(language, [
    ...before,
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    fillText(t.hold, { time }),
    `${t.resume}\n${link}`,
    ...after,
    t.signature,
  ]);
  const html = mailDocument(language, subject, [
    ...before.map(mailParagraph),
    mailFacts(facts),
    mailParagraph(fillText(t.hold, { time })),
    mailParagraph(t.resume),
    mailButton(link, t.button),
    ...after.map(mailParagraph),
    mailParagraph(t.signature),
  ]);
  return { to: order.email, subject, text, html };
}

/**
 * Queues the acknowledgement of order `orderId`, just placed and waiting for its payment, with a link that carries
 * its key (`orderKey`, known only now: the database keeps its hash). `shopUrl`: the shop's address for the link.
 */
export async function queueOrderReceived(
  db: Kysely<Database>,
  { orderId, orderKey, shopUrl, now }: { orderId: number; orderKey: string; shopUrl: string; now: Date },
): Promise<void> {
  const row = await db
    .selectFrom('shop_order')
    .leftJoin('order_billing_address', 'order_billing_address.order_id', 'shop_order.id')
    .select([
      'shop_order.increment_id',
      'shop_order.email',
      'shop_order.locale',
      'shop_order.total_price_cents',
      'shop_order.hold_expires_at',
      'order_billing_address.firstname',
    ])
    .where('shop_order.id', '=', orderId)
    .executeTakeFirst();
  if (!row?.hold_expires_at) return;
  const url = new URL(pendingOrderPath, `${shopUrl}/`);
  url.search = new URLSearchParams({ order: row.increment_id, email: row.email, key: orderKey }).toString();
  const language = languageSchema.catch('de').parse(row.locale);
  const order = {
    incrementId: row.increment_id,
    email: row.email,
    name: row.firstname ?? '',
    totalCents: row.total_price_cents,
    holdExpiresAt: row.hold_expires_at,
  };
  await queueMail(db, renderOrderReceived(order, language, url.toString()), { now });
}
