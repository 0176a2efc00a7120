import { orderRequestSchema } from '@shop/shared/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ApiProcessesOnOneDatabase,
  startApiProcessesOnOneDatabase,
  insertProcessTestCourse,
} from '../../test/api-process.ts';
import { type SmtpSink, startSmtpSink, until } from '../../test/smtp-sink.ts';
import { submitOrder } from '../order/submit.ts';
import { courseOrder } from '../order/test-support.ts';
import { sandboxProvider } from '../payment/sandbox-provider.ts';
import { embeddedXml, issuedRefund } from './test-support.ts';

/**
 * Two real API processes on one database taking payments at once: every paid order gets one invoice, the invoices'
 * numbers have no gap, each confirmation mail carries its invoice's PDF, each PDF is rendered exactly once, and
 * each issued refund gets one cancellation invoice from its own gap-free series.
 */

/**
 * Payments confirmed at once, each on both processes: more than a process's pool of 10 connections, which the
 * payments' transactions hold only briefly now that the PDF is rendered after them
 * (docs/decisions/0133-invoice-pdfs-rendered-by-job.md).
 */
const orders = 16;

/** The numbers of a series as integers, in order. */
const counted = (numbers: string[]) => numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);

for (const dialect of ['sqlite', 'postgres'] as const) {
  const available = dialect === 'sqlite' || Boolean(inject('pgAdminUrl'));
  const run = available ? describe : describe.skip;
  run(
    `two API processes issue invoices on one database [${dialect}${available ? '' : ': NOT AVAILABLE, skipped'}]`,
    () => {
      let api: ApiProcessesOnOneDatabase;
      let smtp: SmtpSink;

      beforeAll(async () => {
        smtp = await startSmtpSink();
        // Both processes' rendering jobs and mail deliveries race for the same invoices.
        api = await startApiProcessesOnOneDatabase(dialect, {
          SMTP_URL: smtp.url,
          MAIL_DELIVERY_MS: '100',
          INVOICE_RENDER_MS: '100',
          INVOICE_CANCELLATION_MS: '100',
        });
      }, 120_000);

      afterAll(async () => {
        expect(await api?.stop()).toEqual([0, 0]);
        await smtp?.close();
      }, 60_000);

      it('numbers the invoices of parallel payments without gaps, and cancels each refund once', async () => {
        const { db, processes } = api;
        const course = {
          id: await insertProcessTestCourse(db, {
            identifier: `INVOICE-${dialect}`,
            title: 'Rechnungskurs',
            priceCents: 12_345,
          }),
        };
        const provider = sandboxProvider(db, 'https://shop.test');
        const orderIds: number[] = [];
        for (let i = 0; i < orders; i++) {
          const request = orderRequestSchema.parse(
            courseOrder({ id: course.id, type: 1, priceCents: 12_345 }, 1, {
              emailAddress: `rechnung.${i}@example.org`,
            }),
          );
          const order = await submitOrder(db.kysely, {
            request,
            customer: null,
            now: new Date(),
            provider,
            paymentHoldSeconds: 600,
          });
          orderIds.push(order.orderId);
        }
        const payments = await db.kysely
          .selectFrom('payment')
          .select(['order_id', 'transaction_id'])
          .where('order_id', 'in', orderIds)
          .execute();
        // Each payment confirmed on both processes at once (the sandbox page's button, as a browser posts it).
        const confirm = (url: string, id: string) =>
          fetch(`${url}/api/payments/sandbox/${id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'outcome=paid',
            redirect: 'manual',
          }).then((response) => response.status);
        const statuses = await Promise.all(
          payments.flatMap((payment) => processes.map((p) => confirm(p.url, payment.transaction_id!))),
        );
        // Every confirmation answered: the payments' transactions no longer wait for a PDF, so none is refused.
        expect(statuses.filter((status) => status !== 303)).toEqual([]);
        const paid = await db.kysely.selectFrom('shop_order').select('status').where('id', 'in', orderIds).execute();
        expect(paid.map((row) => row.status)).toEqual(orderIds.map(() => 'paid'));

        const invoices = await db.kysely
          .selectFrom('invoice')
          .select(['number', 'order_id', 'total_cents'])
          .where('kind', '=', 'invoice')
          .execute();
        expect(invoices.map((row) => row.order_id).sort((a, b) => a - b)).toEqual([...orderIds].sort((a, b) => a - b));
        expect(counted(invoices.map((row) => row.number))).toEqual(orderIds.map((_, index) => index + 1));
        expect(invoices.every((row) => row.total_cents === 12_345)).toBe(true);

        // Each buyer's confirmation arrives with the PDF of the invoice its order got.
        const orderRows = await db.kysely
          .selectFrom('shop_order')
          .innerJoin('invoice', 'invoice.invoice_order_id', 'shop_order.id')
          .select(['shop_order.increment_id', 'shop_order.email', 'invoice.number'])
          .where('shop_order.id', 'in', orderIds)
          .execute();
        const confirmation = (incrementId: string) =>
          smtp.received.find(({ mail }) => mail.subject === `Ihre Bestellung ${incrementId}`);
        await until(
          () => orderRows.every((row) => confirmation(row.increment_id)),
          60_000,
          () => 'confirmations',
        );
        for (const row of orderRows) {
          const { mail, envelopeTo } = confirmation(row.increment_id)!;
          expect(envelopeTo).toEqual([row.email]);
          const pdf = mail.attachments.find((file) => file.contentType === 'application/pdf');
          expect(pdf?.filename).toBe(`rechnung-${row.number}.pdf`);
          expect(await embeddedXml(new Uint8Array(pdf!.content))).toContain(`<ram:ID>${row.number}</ram:ID>`);
        }

        // Refunds of half the orders: both processes' jobs look for them; each gets one cancellation.
        const refunded = orderIds.filter((_, index) => index % 2 === 0);
        for (const orderId of refunded) await issuedRefund({ db }, orderId, 5_000, new Date());
        const cancellations = async () =>
          db.kysely.selectFrom('invoice').select(['number', 'order_id']).where('kind', '=', 'cancellation').execute();
        for (let i = 0; i < 600 && (await cancellations()).length < refunded.length; i++)
          await new Promise((resolve) => setTimeout(resolve, 100));
        await new Promise((resolve) => setTimeout(resolve, 500));
        const issued = await cancellations();
        expect(issued.map((row) => row.order_id).sort((a, b) => a - b)).toEqual(refunded.sort((a, b) => a - b));
        expect(counted(issued.map((row) => row.number))).toEqual(refunded.map((_, index) => index + 1));

        // Every invoice's and cancellation's PDF made once, by whichever worker or mail came first.
        await until(
          async () =>
            (await db.kysely.selectFrom('invoice_pdf').select('pdf').where('pdf', 'is', null).execute()).length === 0,
          60_000,
          () => 'all PDFs rendered',
        );
        const pdfs = await db.kysely.selectFrom('invoice_pdf').select(['invoice_id', 'renders']).execute();
        expect(pdfs).toHaveLength(orders + refunded.length);
        expect(pdfs.filter((row) => row.renders !== 1)).toEqual([]);
      }, 180_000);
    },
  );
}
