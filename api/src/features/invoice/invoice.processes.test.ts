import { orderRequestSchema } from '@shop/shared/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, isoDateInZone } from '../../lib/dates.ts';
import { type ApiProcessesOnOneDatabase, startApiProcessesOnOneDatabase } from '../../test/api-process.ts';
import { submitOrder } from '../order/submit.ts';
import { courseOrder } from '../order/test-support.ts';
import { sandboxProvider } from '../payment/sandbox-provider.ts';
import { issuedRefund } from './test-support.ts';

/**
 * Two real API processes on one database taking payments at once: every paid order gets one invoice, the invoices'
 * numbers have no gap, and each issued refund gets one cancellation invoice from its own gap-free series.
 */

/**
 * Payments confirmed at once, each on both processes: below a process's pool of 10 connections, since each waiting
 * payment holds one while the series' lock is taken (docs/decisions/0116-invoices-issued-with-the-payment.md).
 */
const orders = 8;

/** The numbers of a series as integers, in order. */
const counted = (numbers: string[]) => numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);

for (const dialect of ['sqlite', 'postgres'] as const) {
  const available = dialect === 'sqlite' || Boolean(inject('pgAdminUrl'));
  const run = available ? describe : describe.skip;
  run(
    `two API processes issue invoices on one database [${dialect}${available ? '' : ': NOT AVAILABLE, skipped'}]`,
    () => {
      let api: ApiProcessesOnOneDatabase;

      beforeAll(async () => {
        api = await startApiProcessesOnOneDatabase(dialect, { INVOICE_CANCELLATION_MS: '100' });
      }, 120_000);

      afterAll(async () => {
        expect(await api?.stop()).toEqual([0, 0]);
      }, 60_000);

      it('numbers the invoices of parallel payments without gaps, and cancels each refund once', async () => {
        const { db, processes } = api;
        const today = isoDateInZone(new Date());
        const course = await db.kysely
          .insertInto('course')
          .values({
            type: 1,
            identifier: `INVOICE-${dialect}`,
            start_date: addDays(today, 30),
            start_time: '18:00',
            end_date: addDays(today, 60),
            end_time: '19:30',
            registration_deadline: addDays(today, 20),
            max_participants: 30,
            free_places: 30,
            price_cents: 12_345,
            discounted_price_cents: null,
            flexible_learning_course_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.kysely
          .insertInto('course_text')
          .values({ course_id: course.id, language: 'de', title: 'Rechnungskurs', pretitle: '', short: '' })
          .execute();
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
        // A process may answer 503 (busy, retry later) while the other holds SQLite's write lock; the provider retries
        // such a webhook, and so does this test, one payment after the other.
        expect(statuses.filter((status) => status !== 303 && status !== 503)).toEqual([]);
        for (const payment of payments) {
          const paid = await db.kysely.selectFrom('shop_order').select('status').where('id', '=', payment.order_id);
          if ((await paid.executeTakeFirstOrThrow()).status !== 'paid')
            expect(await confirm(processes[0]!.url, payment.transaction_id!)).toBe(303);
        }

        const invoices = await db.kysely
          .selectFrom('invoice')
          .select(['number', 'order_id', 'total_cents'])
          .where('kind', '=', 'invoice')
          .execute();
        expect(invoices.map((row) => row.order_id).sort((a, b) => a - b)).toEqual([...orderIds].sort((a, b) => a - b));
        expect(counted(invoices.map((row) => row.number))).toEqual(orderIds.map((_, index) => index + 1));
        expect(invoices.every((row) => row.total_cents === 12_345)).toBe(true);

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
      }, 180_000);
    },
  );
}
