import { describe, expect, it } from 'vitest';
import { centsToDecimal } from '@shop/shared/money';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { staffToken } from '../admin/test-support.ts';
import { cheapHashing, client, verifiedCustomer } from '../customer/test-support.ts';
import { choose, courseOrder, insertCourse, orderByNumber, paymentOf, pendingOrder } from '../order/test-support.ts';
import { cancelledLines, issueCancellation, refundsAwaitingCancellation } from './cancellation.ts';
import { splitPostalAddress, withVat, vatCategory } from './document.ts';
import { nextInvoiceNumber } from './numbers.ts';
import { deliverDueMails } from '../../mail/delivery.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import { embeddedXml, invoicesOf, issuedRefund, xmlValues } from './test-support.ts';

const amount = (cents: number) => centsToDecimal(cents);

describe('invoice documents', () => {
  it('reads the school’s free-text address as street, post code and city', () => {
    expect(splitPostalAddress('Musterstraße 1\n10115 Berlin')).toEqual({
      street: 'Musterstraße 1',
      zip: '10115',
      city: 'Berlin',
    });
    expect(splitPostalAddress('Hof 2\nMusterstraße 1\n80331 München')).toEqual({
      street: 'Hof 2, Musterstraße 1',
      zip: '80331',
      city: 'München',
    });
  });

  it('keeps a taxed category’s total what was paid, to the cent, and its VAT taken out once', () => {
    const taxed = vatCategory('included', '');
    const exempt = vatCategory('exempt', '');
    const doc = withVat([
      { name: 'a', quantity: 1, unitCents: 1000, discountCents: 0, grossCents: 1000, vat: taxed },
      { name: 'b', quantity: 1, unitCents: 999, discountCents: 0, grossCents: 999, vat: taxed },
      { name: 'c', quantity: 2, unitCents: 28900, discountCents: 100, grossCents: 57700, vat: exempt },
    ]);
    expect(doc.totalCents).toBe(1000 + 999 + 57700);
    expect(doc.lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(doc.netCents);
    const group = doc.vatBreakdown.find((g) => g.vat.code === 'S')!;
    expect(group).toMatchObject({ netCents: 1680, vatCents: 319 });
    expect(doc.vatBreakdown.find((g) => g.vat.code === 'E')).toMatchObject({ netCents: 57700, vatCents: 0 });
    expect(exempt.exemptionReason).toBe('Umsatzsteuerfrei nach § 4 Nr. 21 UStG');
  });
});

describeEachDatabase(
  'invoices',
  (ctx) => {
    const paidOrder = async (options: Parameters<typeof pendingOrder>[1] = {}) => {
      const pending = await pendingOrder(ctx, options);
      await choose(ctx, pending.providerId, 'paid');
      return pending;
    };

    it('issues a paid order’s invoice with what it charged, to the cent, its positions exempt under § 4 Nr. 21 UStG', async () => {
      const { order } = await paidOrder({ quantity: 2, priceCents: 28950 });
      const payment = await paymentOf(ctx, order.id);
      const [invoice, ...more] = await invoicesOf(ctx, order.id);
      expect(more).toEqual([]);
      const { doc } = invoice!;
      expect(invoice!.number).toMatch(/^RE-2026-\d{6}$/);
      expect(doc).toMatchObject({ kind: 'invoice', number: invoice!.number, issueDate: '2026-01-15' });
      expect(doc.totalCents).toBe(order.total_price_cents);
      expect(doc.totalCents).toBe(payment.amount_cents);
      expect(invoice!.total_cents).toBe(57900);
      expect(doc.lines).toEqual([
        expect.objectContaining({ quantity: 2, unitCents: 28950, discountCents: 0, netCents: 57900 }),
      ]);
      expect(doc.lines[0]!.name).toContain('Spanisch Testkurs');
      expect(doc.lines[0]!.vat).toEqual({
        code: 'E',
        ratePercent: 0,
        exemptionReason: 'Sprachkurse umsatzsteuerfrei nach § 4 Nr. 21 UStG',
      });
      expect(doc.vatCents).toBe(0);
      expect(doc.buyer).toEqual({
        name: 'Ana García',
        street: 'Hauptstr. 1',
        additional: '',
        zip: '10115',
        city: 'Berlin',
        country: 'DE',
      });
      expect(doc.seller).toMatchObject({ name: 'Sprachschule Español', street: 'Musterstraße 1', zip: '10115' });
    });

    it('embeds EN 16931 data in the PDF that state the same number, amounts and exemption', async () => {
      const { order } = await paidOrder({ quantity: 1, priceCents: 12345 });
      const [invoice] = await invoicesOf(ctx, order.id);
      const bytes = invoice!.bytes;
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      // PDF/A-3 (part 3, conformance B) as the XMP metadata declares it.
      const raw = Buffer.from(bytes).toString('latin1');
      expect(raw).toMatch(/pdfaid:part>3</);
      expect(raw).toMatch(/pdfaid:conformance>B</);
      const xml = await embeddedXml(bytes);
      expect(xml).toContain('<rsm:CrossIndustryInvoice');
      expect(xmlValues(xml, 'ID')).toContain('urn:cen.eu:en16931:2017');
      expect(xmlValues(xml, 'ID')).toContain(invoice!.number);
      expect(xmlValues(xml, 'TypeCode')).toContain('380');
      expect(xmlValues(xml, 'BuyerReference')).toEqual([order.increment_id]);
      expect(xmlValues(xml, 'CategoryCode')).toEqual(['E', 'E']);
      expect(xmlValues(xml, 'ExemptionReason')).toEqual(['Sprachkurse umsatzsteuerfrei nach § 4 Nr. 21 UStG']);
      expect(xmlValues(xml, 'GrandTotalAmount')).toEqual([amount(order.total_price_cents)]);
      expect(xmlValues(xml, 'TotalPrepaidAmount')).toEqual([amount(order.total_price_cents)]);
      expect(xmlValues(xml, 'DuePayableAmount')).toEqual(['0.00']);
      expect(xmlValues(xml, 'LineTotalAmount')).toEqual([amount(12345), amount(12345)]);
    });

    it('renders no PDF in the payment: the mail refers to the invoice and goes out with its PDF, rendered once', async () => {
      const { order, email } = await paidOrder();
      const issued = await ctx.db.kysely
        .selectFrom('invoice')
        .innerJoin('invoice_pdf', 'invoice_pdf.invoice_id', 'invoice.id')
        .select(['invoice.id', 'invoice.number', 'invoice_pdf.pdf', 'invoice_pdf.renders'])
        .where('invoice.invoice_order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      // Number and data were taken with the payment; the PDF is still to be made.
      expect(issued).toMatchObject({ pdf: null, renders: 0 });
      const mail = await ctx.db.kysely
        .selectFrom('mail_outbox')
        .select(['id', 'message_id', 'attachments'])
        .where('recipient', '=', email)
        // The confirmation, not the order-received mail of the submit.
        .where('subject', '=', `Ihre Bestellung ${order.increment_id}`)
        .executeTakeFirstOrThrow();
      const queued = JSON.parse(mail.attachments!) as unknown[];
      const filename = `rechnung-${issued.number}.pdf`;
      expect(queued).toContainEqual({ kind: 'invoice', invoiceId: issued.id, filename });
      const delivered: OutgoingMail[] = [];
      const mailer: Mailer = { usesOutbox: false, deliver: async (message) => void delivered.push(message) };
      // Far ahead of every mail's due time; the delivery renders the invoice it refers to first.
      await deliverDueMails({ db: ctx.db.kysely, mailer, workerId: 'w', clock: () => Date.parse('2100-01-01') });
      const sent = delivered.find((message) => message.messageId === mail.message_id)!;
      const pdf = sent.attachments!.find((file) => file.contentType === 'application/pdf')!;
      expect(pdf).toMatchObject({ filename, encoding: 'base64' });
      const [invoice] = await invoicesOf(ctx, order.id);
      expect(pdf.content).toBe(invoice!.pdf);
      expect(await embeddedXml(new Uint8Array(Buffer.from(pdf.content, 'base64')))).toContain(issued.number);
      // The dev outbox hands out the same bytes; nothing rendered it a second time.
      const index = queued.findIndex((file) => (file as { kind?: string }).kind === 'invoice');
      const download = await ctx.app.inject({ method: 'GET', url: `/api/dev/mailbox/${mail.id}/attachments/${index}` });
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(download.rawPayload, Buffer.from(invoice!.bytes))).toBe(0);
      const after = await ctx.db.kysely
        .selectFrom('invoice_pdf')
        .select('renders')
        .where('invoice_id', '=', issued.id)
        .executeTakeFirstOrThrow();
      expect(after.renders).toBe(1);
    });

    it('issues nothing more for a replayed payment report', async () => {
      const { order, providerId } = await paidOrder();
      await ctx.app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox', payload: { id: providerId } });
      expect(await invoicesOf(ctx, order.id)).toHaveLength(1);
    });

    it('numbers invoices without gaps under parallel payments, a rolled-back number given back', async () => {
      const orders = [];
      for (let i = 0; i < 6; i++) orders.push(await pendingOrder(ctx, { quantity: 1 }));
      await Promise.all(orders.map((o, i) => choose(ctx, o.providerId, i % 3 === 2 ? 'failed' : 'paid')));
      // A transaction that took a number and failed afterwards gives it back.
      await expect(
        ctx.db.kysely.transaction().execute(async (trx) => {
          await nextInvoiceNumber(trx, 'RE', 2026);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const more = await pendingOrder(ctx, { quantity: 1 });
      await choose(ctx, more.providerId, 'paid');

      const numbers = (
        await ctx.db.kysely.selectFrom('invoice').select('number').where('kind', '=', 'invoice').execute()
      )
        .map((row) => Number(row.number.slice('RE-2026-'.length)))
        .sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      for (const [i, o] of orders.entries())
        expect(await invoicesOf(ctx, o.order.id)).toHaveLength(i % 3 === 2 ? 0 : 1);
    });

    it('answers a partial refund with a cancellation invoice of its own series that refers to the original', async () => {
      const { order } = await paidOrder({ quantity: 2, priceCents: 20000 });
      const refundId = await issuedRefund(ctx, order.id, 15050, testNow);
      expect(await refundsAwaitingCancellation(ctx.db.kysely)).toContain(refundId);
      const number = await issueCancellation(ctx.db.kysely, refundId, testNow);
      expect(number).toMatch(/^ST-2026-\d{6}$/);
      // Once: a second run (or process) finds it issued.
      expect(await issueCancellation(ctx.db.kysely, refundId, testNow)).toBeNull();
      expect(await refundsAwaitingCancellation(ctx.db.kysely)).not.toContain(refundId);

      const [original, cancellation] = await invoicesOf(ctx, order.id);
      expect(cancellation).toMatchObject({
        kind: 'cancellation',
        refund_id: refundId,
        original_invoice_id: original!.id,
      });
      expect(cancellation!.doc.totalCents).toBe(-15050);
      expect(cancellation!.doc.original).toEqual({ number: original!.number, issueDate: '2026-01-15' });
      const xml = await embeddedXml(cancellation!.bytes);
      expect(xmlValues(xml, 'TypeCode')).toContain('381');
      expect(xmlValues(xml, 'Content')).toContain(`Stornorechnung zu Rechnung ${original!.number} vom 2026-01-15`);
      // BG-3: the original's number (BT-25) and date (BT-26), right after the totals as the CII schema orders them.
      const reference =
        /<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>\s*<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>([^<]+)<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">(\d{8})<\/qdt:DateTimeString>\s*<\/ram:FormattedIssueDateTime>\s*<\/ram:InvoiceReferencedDocument>/.exec(
          xml,
        );
      expect(reference?.slice(1)).toEqual([original!.number, '20260115']);
      expect(xmlValues(xml, 'GrandTotalAmount')).toEqual(['-150.50']);
    });

    it('cancels every line of the original when the whole amount is refunded', async () => {
      const { order } = await paidOrder({ quantity: 3, priceCents: 10000 });
      const refundId = await issuedRefund(ctx, order.id, 30000, testNow);
      await issueCancellation(ctx.db.kysely, refundId, testNow);
      const [original, cancellation] = await invoicesOf(ctx, order.id);
      expect(cancellation!.doc.lines).toEqual(
        original!.doc.lines.map((line) => ({ ...line, quantity: -3, netCents: -line.netCents })),
      );
      expect(cancellation!.doc.totalCents).toBe(-original!.doc.totalCents);
      expect(cancelledLines(original!.doc, 100)).toHaveLength(1);
    });

    it('lets a customer download their own invoices, and answers 404 to anyone else', async () => {
      const buyer = client(ctx);
      const { token } = await verifiedCustomer(ctx, buyer);
      const course = await insertCourse(ctx);
      const submitted = await buyer.post('/api/cart/submit', courseOrder(course, 1), token);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const order = await orderByNumber(ctx, submitted.body.result.incrementId);
      await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'paid');
      const { number } = await ctx.db.kysely
        .selectFrom('invoice')
        .select('number')
        .where('invoice_order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      // Right after the payment, before any job ran: the download renders it.
      const first = await buyer.get(`/api/customer/me/orders/${order.id}/invoices/${number}`, token);
      expect(first.status).toBe(200);
      const [invoice] = await invoicesOf(ctx, order.id);
      expect(first.body.result.content).toBe(invoice!.pdf);

      const list = await buyer.get(`/api/customer/me/orders/${order.id}/invoices`, token);
      expect(list.status).toBe(200);
      expect(list.body.result).toEqual([
        { number: invoice!.number, kind: 'invoice', issuedAt: testNow.toISOString(), total: 289, originalNumber: null },
      ]);
      const file = await buyer.get(`/api/customer/me/orders/${order.id}/invoices/${invoice!.number}`, token);
      expect(file.status).toBe(200);
      expect(file.body.result).toEqual({
        filename: `rechnung-${invoice!.number}.pdf`,
        contentType: 'application/pdf',
        content: invoice!.pdf,
      });

      const stranger = client(ctx);
      const { token: other } = await verifiedCustomer(ctx, stranger);
      for (const url of [
        `/api/customer/me/orders/${order.id}/invoices`,
        `/api/customer/me/orders/${order.id}/invoices/${invoice!.number}`,
      ]) {
        const answer = await stranger.get(url, other);
        expect(answer.status, url).toBe(404);
        expect(answer.body.error.code).toBe('NOT_FOUND');
      }
      // Another order's invoice under the buyer's own order is not found either.
      const { order: guestOrder } = await paidOrder();
      const [foreign] = await invoicesOf(ctx, guestOrder.id);
      expect((await buyer.get(`/api/customer/me/orders/${order.id}/invoices/${foreign!.number}`, token)).status).toBe(
        404,
      );
      const bad = await buyer.get(`/api/customer/me/orders/${order.id}/invoices/nonsense`, token);
      expect(bad.status).toBe(400);
    });

    it('lists and shows invoices in the admin API, to staff only', async () => {
      const { order } = await paidOrder();
      const [invoice] = await invoicesOf(ctx, order.id);
      const { headers } = await staffToken(ctx);
      const list = await ctx.app.inject({ method: 'GET', url: `/api/admin/invoices?orderId=${order.id}`, headers });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().result).toMatchObject({
        total: 1,
        items: [
          {
            number: invoice!.number,
            kind: 'invoice',
            orderId: order.id,
            orderNumber: order.increment_id,
            buyerName: 'Ana García',
            totalCents: order.total_price_cents,
            originalNumber: null,
          },
        ],
      });
      const found = await ctx.app.inject({ method: 'GET', url: `/api/admin/invoices?q=${invoice!.number}`, headers });
      expect(found.json().result.items.map((i: { number: string }) => i.number)).toEqual([invoice!.number]);
      const one = await ctx.app.inject({ method: 'GET', url: `/api/admin/invoices/${invoice!.number}`, headers });
      expect(one.json().result.file.content).toBe(invoice!.pdf);
      const unknown = await ctx.app.inject({ method: 'GET', url: '/api/admin/invoices/RE-1999-000001', headers });
      expect(unknown.statusCode).toBe(404);
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/invoices' });
      expect(anonymous.statusCode).toBe(401);
    });
  },
  // Seeded (the school's identity names the seller), with the customers' link address and cheap hashing.
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
