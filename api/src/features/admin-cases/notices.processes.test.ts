import { orderRequestSchema } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { describeWithApiProcesses, insertProcessTestCourse } from '../../test/api-process.ts';
import { cancelPendingOrder } from '../order/cancel.ts';
import { submitOrder } from '../order/submit.ts';
import { courseOrder } from '../order/test-support.ts';
import { sandboxProvider } from '../payment/sandbox-provider.ts';

/**
 * Two real API processes on one database, both told of every payment at once (the provider's webhook reaching
 * each): each paid order's notice to the school, each late payment's case and its notice, and the day's digest
 * are queued and delivered exactly once.
 */

const school = 'buero@school.test';
const orders = 8;

describeWithApiProcesses(
  'notices to the school with two API processes',
  { env: { MAIL_DELIVERY_MS: '50', CASES_SWEEP_MS: '100' } },
  (api, dialect) => {
    it('queues and delivers each notice, case and digest once', async () => {
      const { db, processes } = api;
      await db.kysely
        .updateTable('school_notice_settings')
        .set({ recipient: school, order_paid: 1, new_case: 1, daily_digest: 1 })
        .execute();
      const courseId = await insertProcessTestCourse(db, { identifier: `NOTICE-${dialect}`, title: 'Notice' });
      const provider = sandboxProvider(db, 'https://shop.test');
      const placed = [];
      for (let i = 0; i < orders; i++) {
        const request = orderRequestSchema.parse(
          courseOrder({ id: courseId, type: 1, priceCents: 10_000 }, 1, { emailAddress: `notice.${i}@example.org` }),
        );
        placed.push(
          await submitOrder(db.kysely, { request, customer: null, now: new Date(), provider, paymentHoldSeconds: 600 }),
        );
      }
      const rows = await db.kysely
        .selectFrom('shop_order')
        .innerJoin('payment', 'payment.order_id', 'shop_order.id')
        .select(['shop_order.id', 'shop_order.increment_id', 'payment.transaction_id'])
        .where(
          'shop_order.increment_id',
          'in',
          placed.map((order) => order.incrementId),
        )
        .orderBy('shop_order.id')
        .execute();
      // Half of them are paid after their hold ended: late payments, each a case.
      const late = rows.slice(0, orders / 2);
      for (const row of late)
        await db.kysely.transaction().execute((trx) => cancelPendingOrder(trx, row.id, 'hold_expired'));
      await db.kysely
        .updateTable('sandbox_payment')
        .set({ status: 'paid' })
        .where(
          'id',
          'in',
          rows.map((row) => row.transaction_id!),
        )
        .execute();
      await Promise.all(
        rows.flatMap((row) =>
          processes.map(async (process) => {
            const response = await fetch(`${process.url}/api/payments/webhook/sandbox`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ id: row.transaction_id }),
            });
            expect(response.status).toBe(200);
          }),
        ),
      );

      const toSchool = () =>
        db.kysely.selectFrom('mail_outbox').select(['subject', 'status']).where('recipient', '=', school).execute();
      await expect
        .poll(
          async () => {
            const queued = await toSchool();
            return queued.length >= orders + 1 && queued.every((m) => m.status === 'sent');
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBe(true);
      const mails = await toSchool();
      const subjects = mails.map((mail) => mail.subject);
      for (const row of rows.slice(orders / 2))
        expect(subjects.filter((s) => s === `Neue bezahlte Bestellung ${row.increment_id}`)).toHaveLength(1);
      const cases = await db.kysely.selectFrom('order_case').select(['id', 'order_id', 'kind']).execute();
      expect(cases.map((c) => c.order_id).sort()).toEqual(late.map((row) => row.id).sort());
      for (const c of cases) expect(subjects.filter((s) => s.startsWith(`Neuer Fall #${c.id}:`))).toHaveLength(1);
      expect(subjects.filter((s) => s.startsWith('Tagesübersicht'))).toHaveLength(1);
      expect(mails).toHaveLength(orders + 1);
      expect(mails.every((mail) => mail.status === 'sent')).toBe(true);
    }, 90_000);
  },
);
