import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoDateInZone } from '../../lib/dates.ts';
import { readOrder } from '../order/read.ts';
import { publicSchool, readSchoolIdentity } from '../school/identity.ts';
import { buyerOf, orderLines, sellerOf, withVat, type InvoiceDocument } from './document.ts';
import { nextInvoiceNumber } from './numbers.ts';
import { storeInvoice } from './store.ts';

/**
 * Issues the invoice of an order that has just become paid. Call it in the transaction that marks the order paid
 * (docs/decisions/0116-invoices-issued-with-the-payment.md): the number is taken there, so a rollback gives it back
 * and the series stays gap-free, and the invoice's data exists exactly when the payment does; its PDF is rendered
 * later, outside the transaction (rendering.ts). An order that charged nothing (credits or codes paid it all) gets
 * none. Returns the invoice's number, or null.
 */
export async function issueOrderInvoice(trx: Kysely<Database>, orderId: number, now: Date): Promise<string | null> {
  const order = await readOrder({ kysely: trx }, orderId);
  const row = await trx
    .selectFrom('shop_order')
    .select('total_price_cents')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || !row || row.total_price_cents <= 0) return null;
  const identity = await readSchoolIdentity(trx);
  if (!identity) throw new Error('An invoice needs the school identity (docs/backoffice.md#the-schools-identity)');
  const school = publicSchool(identity);
  const { priced, totalCents } = orderLines(order, school.vatExemptionNote);
  // The invoice states what the order charged, to the cent: its stored total, which its lines must add up to.
  if (totalCents !== row.total_price_cents)
    throw new Error(
      `Order ${order.incrementId}: lines add up to ${totalCents}, the order charged ${row.total_price_cents}`,
    );
  const issueDate = isoDateInZone(now);
  const number = await nextInvoiceNumber(trx, 'RE', Number(issueDate.slice(0, 4)));
  const doc: InvoiceDocument = {
    kind: 'invoice',
    number,
    issueDate,
    orderNumber: order.incrementId,
    orderDate: isoDateInZone(new Date(order.createdAt)),
    seller: sellerOf(school),
    buyer: buyerOf(order),
    ...withVat(priced),
    original: null,
  };
  // The PDF is rendered after the commit, from this data (docs/decisions/0133-invoice-pdfs-rendered-by-job.md).
  await storeInvoice(trx, { doc, orderId, refundId: null, originalInvoiceId: null, now });
  return number;
}
