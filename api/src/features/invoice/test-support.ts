import { PDFDocument } from '@cantoo/pdf-lib';
import type { TestContext } from '../../test/databases.ts';
import type { InvoiceDocument } from './document.ts';
import { ensureInvoicePdf } from './rendering.ts';

/** The EN 16931 XML a Factur-X PDF carries (its `factur-x.xml` attachment), as text. */
export async function embeddedXml(pdf: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(pdf);
  const file = document.getAttachments().find((attachment) => attachment.name === 'factur-x.xml');
  if (!file) throw new Error('The PDF carries no factur-x.xml');
  return new TextDecoder().decode(file.data);
}

/** The text of every `<ram:tag>` element of the XML, in document order. */
export const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<ram:${tag}(?: [^>]*)?>([^<]*)</ram:${tag}>`, 'g'))].map((match) => match[1]!);

/** Every invoice row of an order, oldest first, with its document parsed and its PDF (rendered now if pending). */
export async function invoicesOf(ctx: Pick<TestContext, 'db'>, orderId: number) {
  const rows = await ctx.db.kysely
    .selectFrom('invoice')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const pdf = (await ensureInvoicePdf(ctx.db.kysely, row.id))!;
      return {
        ...row,
        pdf,
        doc: JSON.parse(row.data) as InvoiceDocument,
        bytes: new Uint8Array(Buffer.from(pdf, 'base64')),
      };
    }),
  );
}

/** An issued refund of `amountCents` for the order, as the withdrawal or the back office leaves it. */
export async function issuedRefund(ctx: Pick<TestContext, 'db'>, orderId: number, amountCents: number, now: Date) {
  const declaration = await ctx.db.kysely
    .insertInto('withdrawal_declaration')
    .values({
      received_at: now.toISOString(),
      name: 'Ana García',
      order_number: 'x',
      email: 'ana@example.org',
      positions: '[]',
      locale: 'de',
      customer_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refund = await ctx.db.kysely
    .insertInto('refund')
    .values({
      order_id: orderId,
      withdrawal_id: declaration.id,
      provider: 'sandbox',
      payment_transaction_id: 'tr_test',
      amount_cents: amountCents,
      status: 'issued',
      provider_refund_id: 're_test',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return refund.id;
}
