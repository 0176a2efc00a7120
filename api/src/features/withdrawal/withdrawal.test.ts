import { CourseType, TagCategoryId } from '@shop/shared/contract';
import { beforeEach, expect, it } from 'vitest';
import { addDays } from '../../lib/dates.ts';
import { describeEachDatabase, testToday } from '../../test/databases.ts';
import { cheapHashing, client, linkIn, mailsTo, movableClock, verifiedCustomer } from '../customer/test-support.ts';
import {
  choose,
  courseOrder,
  freePlaces,
  grantConversationHours,
  insertCourse,
  orderByNumber,
  participant,
  paymentOf,
} from '../order/test-support.ts';

import { sandboxProvider, sandboxProviderName } from '../payment/sandbox-provider.ts';
import { withdrawalReceiptsDone } from './declare.ts';
import { withdrawalConfirmationMs } from './confirmation.ts';
import { sendRefundNotice } from './mails.ts';
import { issuePendingRefunds } from './refunds.ts';
import { withdrawalRateLimits } from './routes.ts';

const clock = movableClock();
const day = 86_400_000;

describeEachDatabase(
  'withdrawal (POST /api/withdrawals)',
  (ctx) => {
    beforeEach(() => clock.reset());

    const newAddress = () => `gast.${Math.random().toString(36).slice(2)}@example.org`;

    /** A guest's paid order of `quantity` places of each course; returns its number, id and address. */
    async function paidOrder(
      courses: { id: number; type: number; priceCents: number }[],
      { quantity = 1, earlyStartRequested = false, email = newAddress(), token = null as string | null } = {},
    ) {
      const first = courseOrder(courses[0]!, quantity);
      const body = {
        ...first,
        courses: courses.map((course) => ({
          courseId: course.id,
          courseType: course.type,
          quantity,
          participants: Array.from({ length: quantity }, (_, i) => participant(i + 1)),
        })),
        expectedTotalPrice: courses.reduce((sum, course) => sum + course.priceCents * quantity, 0) / 100,
        ...(token ? {} : { emailAddress: email }),
        earlyStartRequested,
      };
      const reply = await client(ctx).post('/api/cart/submit', body, token);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const order = await orderByNumber(ctx, reply.body.result.incrementId);
      await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'paid');
      return { incrementId: order.increment_id, orderId: order.id, email };
    }

    /** A declaration, once its receipt is queued (a receipt for anybody but the order's owner is written after the answer). */
    const withdraw = async (body: Record<string, unknown>, token: string | null = null) => {
      const reply = await client(ctx).post('/api/withdrawals', { name: 'Ana García', locale: 'de', ...body }, token);
      await withdrawalReceiptsDone();
      return reply;
    };
    const declarations = async () =>
      ctx.db.kysely.selectFrom('withdrawal_declaration').selectAll().orderBy('id').execute();
    const refundsOf = (orderId: number) =>
      ctx.db.kysely.selectFrom('refund').selectAll().where('order_id', '=', orderId).execute();
    const sandboxRefunds = (paymentId: string) =>
      ctx.db.kysely.selectFrom('sandbox_refund').selectAll().where('payment_id', '=', paymentId).execute();
    const state = async (incrementId: string, email: string) =>
      (await client(ctx).post(`/api/orders/${incrementId}/state`, { email })).body.result;
    const confirm = (body: unknown) => client(ctx).post('/api/withdrawals/confirm', body);
    /** The token of the confirmation link in the newest receipt mailed to `email`. */
    const confirmationToken = async (email: string) => {
      const mail = (await mailsTo(ctx, email)).find((row) => row.text.includes('/withdrawal-confirm?'))!;
      const link = linkIn(mail);
      expect(link.path).toBe('/withdrawal-confirm');
      return link.token;
    };
    /** A guest's declaration, then its link opened: what a guest's withdrawal takes now. */
    const withdrawAndConfirm = async (body: Record<string, unknown> & { email: string }) => {
      const declared = await withdraw(body);
      expect(declared.body.result.outcome, JSON.stringify(declared.body)).toBe('awaiting_confirmation');
      return confirm({ token: await confirmationToken(body.email) });
    };

    it('a guest within 14 days: the receipt at once, then the link cancels the order, gives the places back and refunds once', async () => {
      const course = await insertCourse(ctx, { free: 5 });
      const { incrementId, orderId, email } = await paidOrder([course], { quantity: 2 });
      expect(await freePlaces(ctx, course.id)).toBe(3);
      clock.advance(3 * day);

      const reply = await withdraw({ orderNumber: incrementId, email });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const declared = reply.body.result;
      expect(declared).toMatchObject({
        orderNumber: incrementId,
        email,
        name: 'Ana García',
        positions: [],
        outcome: 'awaiting_confirmation',
        reviewReason: null,
        refundAmount: null,
        confirmationExpiresAt: new Date(clock.now().getTime() + withdrawalConfirmationMs).toISOString(),
      });
      expect(declared.receivedAt).toBe(clock.now().toISOString());
      // Not acted on before the link is opened; the answer never carries the link.
      expect(JSON.stringify(reply.body)).not.toMatch(/token|withdrawal-confirm/);
      expect(await freePlaces(ctx, course.id)).toBe(3);
      expect(await refundsOf(orderId)).toEqual([]);
      const token = await confirmationToken(email);
      const [stored] = await ctx.db.kysely
        .selectFrom('withdrawal_confirmation')
        .selectAll()
        .where('withdrawal_id', '=', (await declarations()).at(-1)!.id)
        .execute();
      expect(stored).toMatchObject({ confirmed_at: null, expires_at: declared.confirmationExpiresAt });
      expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.token_hash).not.toContain(token);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      clock.advance(day);
      const confirmed = await confirm({ token });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const receipt = confirmed.body.result;
      expect(receipt).toMatchObject({
        receiptNumber: declared.receiptNumber,
        receivedAt: declared.receivedAt,
        orderNumber: incrementId,
        outcome: 'withdrawn',
        reviewReason: null,
        refundAmount: 578,
        confirmationExpiresAt: null,
      });
      expect(await freePlaces(ctx, course.id)).toBe(5);

      const paymentId = (await paymentOf(ctx, orderId)).transaction_id!;
      expect(await refundsOf(orderId)).toMatchObject([{ status: 'issued', amount_cents: 57800 }]);
      expect(await sandboxRefunds(paymentId)).toHaveLength(1);

      const mails = await mailsTo(ctx, email);
      const receiptMail = mails.find((mail) => mail.subject.includes('Eingangsbestätigung'))!;
      expect(receiptMail.subject).toBe(`Eingangsbestätigung Ihres Widerrufs zu Bestellung ${incrementId}`);
      expect(receiptMail.text).toContain(receipt.receiptNumber);
      expect(receiptMail.text).toContain('Eingegangen am: 18.01.2026 10:00:00');
      // Matched by number and address: the order's own number is repeated, the name typed by whoever declared is not.
      expect(receiptMail.text).toMatch(/^Guten Tag,\n/);
      expect(receiptMail.text).not.toContain('Ana García');
      expect(receiptMail.text).toContain('Name: wie im Formular eingegeben');
      expect(receiptMail.text).toContain(`Bestellnummer: ${incrementId}`);
      expect(receiptMail.text).toContain('Der Link gilt einmal und bis 25.01.2026 10:00:00');
      expect(receiptMail.text).toContain('Ohne Bestätigung wird nichts storniert');
      expect(
        mails.some((mail) => mail.subject === `Erstattung zu Bestellung ${incrementId}` && /578\s€/.test(mail.text)),
      ).toBe(true);

      expect(await state(incrementId, email)).toMatchObject({ state: 'paid', withdrawal: 'withdrawn' });
    });

    it('the refund notice is queued in the transaction that marks the refund issued: a failure there leaves neither', async () => {
      const course = await insertCourse(ctx, { free: 5 });
      const { incrementId, orderId, email } = await paidOrder([course]);
      const at = clock.now().toISOString();
      const declaration = await ctx.db.kysely
        .insertInto('withdrawal_declaration')
        .values({
          received_at: at,
          name: 'Ana García',
          order_number: incrementId,
          email,
          positions: '[]',
          locale: 'de',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db.kysely
        .insertInto('refund')
        .values({
          order_id: orderId,
          withdrawal_id: declaration.id,
          provider: sandboxProviderName,
          payment_transaction_id: (await paymentOf(ctx, orderId)).transaction_id!,
          amount_cents: 1000,
          status: 'pending',
          created_at: at,
          updated_at: at,
        })
        .execute();
      const issue = (failAfterMail: boolean) =>
        issuePendingRefunds(
          ctx.db.kysely,
          sandboxProvider(ctx.db, 'https://shop.test'),
          orderId,
          clock.now(),
          'x',
          async (trx, refund) => {
            await sendRefundNotice(
              trx,
              clock.now(),
              { to: email, name: 'Ana García', orderNumber: incrementId, amountCents: refund.amountCents },
              'de',
            );
            if (failAfterMail) throw new Error('failed after queueing the notice');
          },
        );
      const refundMails = async () =>
        (await mailsTo(ctx, email)).filter((mail) => mail.subject === `Erstattung zu Bestellung ${incrementId}`);

      await expect(issue(true)).rejects.toThrow(/after queueing/);
      expect(await refundsOf(orderId)).toMatchObject([{ status: 'pending' }]);
      expect(await refundMails()).toEqual([]);
      expect(await issue(false)).toHaveLength(1);
      expect(await issue(false)).toEqual([]);
      expect(await refundsOf(orderId)).toMatchObject([{ status: 'issued' }]);
      expect(await refundMails()).toHaveLength(1);
    });

    it("refunds exactly once when the owner's declaration is replayed, also at the same time", async () => {
      const course = await insertCourse(ctx);
      const { email, token } = await loggedInCustomer();
      const { incrementId, orderId } = await paidOrder([course], { token });
      const before = (await declarations()).length;
      const replies = await Promise.all([1, 2, 3].map(() => withdraw({ orderNumber: incrementId, email }, token)));
      const again = await withdraw({ orderNumber: incrementId, email }, token);

      expect(replies.map((reply) => reply.body.result.outcome).sort()).toEqual(['review', 'review', 'withdrawn']);
      expect(again.body.result).toMatchObject({
        outcome: 'review',
        reviewReason: 'already_withdrawn',
        refundAmount: null,
      });
      // Every declaration is kept, each with its receipt; one refund, issued once.
      expect((await declarations()).length - before).toBe(4);
      expect(await refundsOf(orderId)).toMatchObject([{ status: 'issued', amount_cents: 28900 }]);
      expect(await sandboxRefunds((await paymentOf(ctx, orderId)).transaction_id!)).toHaveLength(1);
      expect(await freePlaces(ctx, course.id)).toBe(5);
    });

    it("refunds only what a chargeback left: the buyer's bank already gave the rest back", async () => {
      const course = await insertCourse(ctx);
      const { email, token } = await loggedInCustomer();
      const { incrementId, orderId } = await paidOrder([course], { token });
      // What the payment webhook records for a chargeback (docs/decisions/0069-payment-integrity.md).
      await ctx.db.kysely
        .updateTable('shop_order')
        .set({ charged_back_cents: 10000, charged_back_at: clock.now().toISOString() })
        .where('id', '=', orderId)
        .execute();

      const reply = await withdraw({ orderNumber: incrementId, email }, token);
      expect(reply.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 189 });
      expect(await refundsOf(orderId)).toMatchObject([{ amount_cents: 18900 }]);
    });

    it('refunds nothing when a chargeback took the whole payment back, and still withdraws', async () => {
      const course = await insertCourse(ctx);
      const { email, token } = await loggedInCustomer();
      const { incrementId, orderId } = await paidOrder([course], { token });
      await ctx.db.kysely
        .updateTable('shop_order')
        .set({ charged_back_cents: 28900, charged_back_at: clock.now().toISOString() })
        .where('id', '=', orderId)
        .execute();

      const reply = await withdraw({ orderNumber: incrementId, email }, token);
      expect(reply.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 0 });
      expect(await refundsOf(orderId)).toEqual([]);
      expect(await freePlaces(ctx, course.id)).toBe(5);
    });

    it("reads and takes the same for anybody but the order's owner, whatever the number and address", async () => {
      const course = await insertCourse(ctx);
      const { incrementId, email } = await paidOrder([course]);
      const declare = async (body: { orderNumber: string; email: string }) => {
        ctx.queries.length = 0;
        // Before the receipt is written: what the answer waited for.
        const reply = await client(ctx).post('/api/withdrawals', { name: 'Ana García', locale: 'de', ...body });
        const work = ctx.queries.map((query) => query.replace(/\$\d+/g, '?'));
        await withdrawalReceiptsDone();
        expect(reply.status).toBe(200);
        const { receiptNumber, receivedAt, orderNumber, email: typed, ...rest } = reply.body.result;
        expect([receiptNumber, receivedAt, orderNumber, typed]).toEqual([
          expect.stringMatching(/^W-\d+$/),
          clock.now().toISOString(),
          body.orderNumber,
          body.email,
        ]);
        return { rest, work, headers: Object.keys(reply.headers).sort() };
      };
      const matched = await declare({ orderNumber: incrementId, email });
      const otherAddress = await declare({ orderNumber: incrementId, email: newAddress() });
      const unknownNumber = await declare({ orderNumber: 'X-404', email });
      const neither = await declare({ orderNumber: 'X-405', email: newAddress() });
      for (const other of [otherAddress, unknownNumber, neither]) {
        expect(other.rest).toEqual(matched.rest);
        expect(other.headers).toEqual(matched.headers);
        // The same statements before the answer: the matching order's work (its link, its positions) comes after.
        expect(other.work).toEqual(matched.work);
      }
      expect(matched.rest).toEqual({
        name: 'Ana García',
        positions: [],
        outcome: 'awaiting_confirmation',
        reviewReason: null,
        refundAmount: null,
        confirmationExpiresAt: new Date(clock.now().getTime() + withdrawalConfirmationMs).toISOString(),
      });
      // The mails tell the addresses' owners what became of it: the link to the order's address, no link elsewhere.
      expect((await mailsTo(ctx, email)).filter((mail) => mail.text.includes('/withdrawal-confirm?'))).toHaveLength(1);
      expect((await mailsTo(ctx, email)).some((mail) => mail.text.includes('nicht automatisch zuordnen'))).toBe(true);
    });

    it('after the period or for an unknown order: stores the declaration, changes nothing, says the school decides', async () => {
      const course = await insertCourse(ctx);
      const { incrementId, orderId, email } = await paidOrder([course]);
      clock.advance(15 * day);
      const late = await withdrawAndConfirm({ orderNumber: incrementId, email });
      expect(late.body.result).toMatchObject({ outcome: 'review', reviewReason: 'out_of_period', refundAmount: null });
      // Neither an unknown number nor a known one with another address matches; the answer tells nothing of it (it
      // reads as any answer to somebody who is not the order's owner), the mail to the address says so.
      const unknown = await withdraw({ orderNumber: 'X-404', email });
      expect(unknown.body.result).toMatchObject({ outcome: 'awaiting_confirmation', reviewReason: null });
      const otherAddress = await withdraw({ orderNumber: incrementId, email: newAddress() });
      expect(otherAddress.body.result).toMatchObject({ outcome: 'awaiting_confirmation', reviewReason: null });

      expect(await freePlaces(ctx, course.id)).toBe(4);
      expect(await refundsOf(orderId)).toEqual([]);
      const stored = (await declarations()).slice(-3);
      expect(stored.map((row) => [row.order_number, row.received_at])).toEqual([
        [incrementId, clock.now().toISOString()],
        ['X-404', clock.now().toISOString()],
        [incrementId, clock.now().toISOString()],
      ]);
      // The unknown order's receipt repeats its free-text number nowhere, and sends no link.
      const mails = await mailsTo(ctx, email);
      const unknownReceipt = mails.find((mail) => mail.subject === 'Eingangsbestätigung Ihres Widerrufs')!;
      expect(unknownReceipt.text).not.toContain('X-404');
      expect(unknownReceipt.text).toContain('Bestellnummer: wie im Formular eingegeben');
      expect(unknownReceipt.text).not.toContain('/withdrawal-confirm');
      expect(unknownReceipt.text).toContain('nicht automatisch zuordnen');
    });

    it('withdraws one position of a customer order: partial state, the rest stands', async () => {
      const customer = await verifiedCustomer(ctx, client(ctx));
      const login = await client(ctx).post('/api/customer/login', {
        email: customer.email,
        password: customer.password,
      });
      const token = login.body.result.token as string;
      const [first, second] = [
        await insertCourse(ctx, { priceCents: 20000 }),
        await insertCourse(ctx, { priceCents: 15000 }),
      ];
      const { incrementId, orderId } = await paidOrder([first!, second!], { token });
      const orders = (await client(ctx).get('/api/customer/me/orders', token)).body.result;
      const booking = orders[0].courseBookings.find((row: { course: { id: number } }) => row.course.id === second!.id);

      // The receipt may go to another address: the order is the logged-in customer's own.
      const reply = await withdraw(
        { orderNumber: incrementId, email: 'andere@example.org', positions: [{ kind: 'course', id: booking.id }] },
        token,
      );
      expect(reply.body.result).toMatchObject({
        outcome: 'withdrawn',
        refundAmount: 150,
        positions: [expect.stringContaining('Spanisch Testkurs')],
      });
      expect(await freePlaces(ctx, second!.id)).toBe(5);
      expect(await freePlaces(ctx, first!.id)).toBe(4);
      expect(await refundsOf(orderId)).toMatchObject([{ amount_cents: 15000 }]);

      const [order] = (await client(ctx).get('/api/customer/me/orders', token)).body.result;
      expect(order.withdrawal).toBe('partial');
      expect(
        order.courseBookings.map((row: { withdrawnAt: string | null }) => row.withdrawnAt !== null).sort(),
      ).toEqual([false, true]);
    });

    /** A verified customer's session (WILLKOMMEN10 is once per customer: each order here gets its own). */
    /** A verified customer logged in with "remember me", so the session outlasts the days a test lets pass. */
    async function loggedInCustomer() {
      const customer = await verifiedCustomer(ctx, client(ctx));
      const login = await client(ctx).post('/api/customer/login', {
        email: customer.email,
        password: customer.password,
        remember: true,
      });
      return { email: customer.email, token: login.body.result.token as string };
    }

    /**
     * A customer's paid order of one course place at `courseCents` and `productQuantity` of a product at
     * `productCents`, with WILLKOMMEN10 (10 % on everything) taking `discountCents` off; returns its positions.
     */
    async function discountedOrder({
      courseCents,
      productCents,
      productQuantity = 1,
      discountCents,
    }: {
      courseCents: number;
      productCents: number;
      productQuantity?: number;
      discountCents: number;
    }) {
      const { token } = await loggedInCustomer();
      const course = await insertCourse(ctx, { priceCents: courseCents });
      const institution = await ctx.db.kysely.selectFrom('product').select('institution_id').executeTakeFirstOrThrow();
      const product = await ctx.db.kysely
        .insertInto('product')
        .values({ institution_id: institution.institution_id, price_cents: productCents, discounted_price_cents: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const paidCents = courseCents + productCents * productQuantity - discountCents;
      const reply = await client(ctx).post(
        '/api/cart/submit',
        courseOrder(course, 1, {
          products: [{ productId: product.id, quantity: productQuantity }],
          discountCodes: ['WILLKOMMEN10'],
          expectedTotalPrice: paidCents / 100,
        }),
        token,
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const order = await orderByNumber(ctx, reply.body.result.incrementId);
      expect(order.total_price_cents).toBe(paidCents);
      await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'paid');
      const positionId = async (table: 'course_booking' | 'product_order') =>
        (await ctx.db.kysely.selectFrom(table).select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow())
          .id;
      return {
        token,
        incrementId: order.increment_id,
        orderId: order.id,
        paidCents,
        course: { kind: 'course', id: await positionId('course_booking') },
        product: { kind: 'product', id: await positionId('product_order') },
      };
    }

    /** Refunds each position as declared (the order's owner, logged in, so each acts at once); returns the cents. */
    async function refundsOneByOne(
      order: Awaited<ReturnType<typeof discountedOrder>>,
      positions: { kind: string; id: number }[][],
    ) {
      const amounts: number[] = [];
      for (const declared of positions) {
        const reply = await withdraw(
          { orderNumber: order.incrementId, email: 'owner@example.org', positions: declared },
          order.token,
        );
        expect(reply.body.result.outcome, JSON.stringify(reply.body)).toBe('withdrawn');
        amounts.push(Math.round(reply.body.result.refundAmount * 100));
      }
      const stored = (await refundsOf(order.orderId)).map((row) => row.amount_cents);
      expect(stored).toEqual(amounts);
      expect(stored.reduce((sum, cents) => sum + cents, 0)).toBeLessThanOrEqual(order.paidCents);
      return amounts;
    }

    it('refunds what each position cost after a code: the product, then the course, add up to what was paid', async () => {
      // 200 € course + 100 € product, 10 % off both: 180 € + 90 € = 270 € charged.
      const order = await discountedOrder({ courseCents: 20000, productCents: 10000, discountCents: 3000 });
      expect(await refundsOneByOne(order, [[order.product], [order.course]])).toEqual([9000, 18000]);
    });

    it('refunds the same per position in the other order, and to the cent when the code is split unevenly', async () => {
      // 289 € course + 2 × 19.99 € product: 10 % of 328.98 € is 32.90 €, 28.90 € on the course, 4.00 € on the
      // products (largest remainder): 260.10 € + 35.98 € = 296.08 € charged.
      const order = await discountedOrder({
        courseCents: 28900,
        productCents: 1999,
        productQuantity: 2,
        discountCents: 3290,
      });
      expect(await refundsOneByOne(order, [[order.course], [order.product]])).toEqual([26010, 3598]);
    });

    it('refunds exactly what was paid when the whole discounted order is withdrawn', async () => {
      const order = await discountedOrder({ courseCents: 20000, productCents: 10000, discountCents: 3000 });
      expect(await refundsOneByOne(order, [[]])).toEqual([27000]);
      // Nothing is left to withdraw or refund.
      const again = await withdraw({ orderNumber: order.incrementId, email: 'owner@example.org' }, order.token);
      expect(again.body.result).toMatchObject({ outcome: 'review', reviewReason: 'already_withdrawn' });
      expect((await refundsOf(order.orderId)).map((row) => row.amount_cents)).toEqual([27000]);
    });

    /**
     * A course inside the withdrawal period, from Saturday 2026-01-17, 18:00, through Saturday 2026-02-14 (or
     * `lastDay` days after today), for 300 €, meeting on the weekdays tagged `days` (none: the start's weekday alone).
     */
    async function earlyCourse(
      days: string[] = [],
      { type = CourseType.fullCourse, lastDay = 30 }: { type?: CourseType; lastDay?: number } = {},
    ) {
      const row = await ctx.db.kysely
        .insertInto('course')
        .values({
          type,
          identifier: `EARLY-START-${Math.random().toString(36).slice(2, 8)}`,
          start_date: addDays(testToday, 2),
          start_time: '18:00',
          end_date: addDays(testToday, lastDay),
          end_time: '19:30',
          registration_deadline: addDays(testToday, 2),
          max_participants: 10,
          free_places: 5,
          price_cents: 30000,
          discounted_price_cents: null,
          flexible_learning_course_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (days.length)
        await ctx.db.kysely
          .insertInto('course_tag')
          .columns(['course_id', 'tag_id'])
          .expression((eb) =>
            eb
              .selectFrom('tag')
              .select([eb.val(row.id).as('course_id'), 'id'])
              .where('category_id', '=', TagCategoryId.weekday)
              .where('slug', 'in', days),
          )
          .execute();
      return { id: row.id, type, priceCents: 30000 };
    }

    it('needs the express early-start request for a course inside the period, and keeps the lessons held', async () => {
      // No weekday tag: Saturdays only, five lessons.
      const course = await earlyCourse();
      const refused = await client(ctx).post('/api/cart/submit', {
        ...courseOrder(course),
        emailAddress: newAddress(),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { earlyStartRequested: 'early_start_required' },
      });

      const { incrementId, orderId, email } = await paidOrder([course], { earlyStartRequested: true });
      expect((await orderByNumber(ctx, incrementId)).early_start_requested_at).toBe(clock.now().toISOString());
      const confirmation = (await mailsTo(ctx, email)).find((mail) => mail.subject.includes(incrementId))!;
      expect(confirmation.text).toContain('schon vor Ende der Widerrufsfrist beginnt');

      // Declared ten days later, when two of five lessons were held: 2/5 of the price stays with the school. The
      // link is opened a week later, after the 14 days and a third lesson: the declaration's receipt time counts.
      clock.advance(10 * day);
      const declared = await withdraw({ orderNumber: incrementId, email });
      expect(declared.body.result.outcome).toBe('awaiting_confirmation');
      clock.advance(7 * day - 60_000);
      const reply = await confirm({ token: await confirmationToken(email) });
      expect(reply.body.result).toMatchObject({
        outcome: 'withdrawn',
        refundAmount: 180,
        receivedAt: declared.body.result.receivedAt,
      });
      expect(await refundsOf(orderId)).toMatchObject([{ amount_cents: 18000 }]);
    });

    it('counts the lessons of a course that meets twice a week by its weekday tags', async () => {
      // Saturdays and Tuesdays: nine lessons, three of them held by Sunday 2026-01-25.
      const course = await earlyCourse(['saturday', 'tuesday']);
      const { incrementId, orderId, email } = await paidOrder([course], { earlyStartRequested: true });
      clock.advance(10 * day);
      const reply = await withdrawAndConfirm({ orderNumber: incrementId, email });
      expect(reply.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 200 });
      expect(await refundsOf(orderId)).toMatchObject([{ amount_cents: 20000 }]);
    });

    it('a replayed confirmation link acts once and then answers 409; the declaration keeps its one refund', async () => {
      const course = await insertCourse(ctx);
      const { incrementId, orderId, email } = await paidOrder([course]);
      await withdraw({ orderNumber: incrementId, email });
      const token = await confirmationToken(email);
      const replies = await Promise.all([1, 2, 3].map(() => confirm({ token })));
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
      const again = await confirm({ token });
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'WITHDRAWAL_LINK_USED', fields: { token: 'used' } });
      expect(await refundsOf(orderId)).toMatchObject([{ status: 'issued', amount_cents: 28900 }]);
      expect(await sandboxRefunds((await paymentOf(ctx, orderId)).transaction_id!)).toHaveLength(1);
      expect(await freePlaces(ctx, course.id)).toBe(5);
    });

    it('an expired link answers 410 and changes nothing; the declaration stays stored for the school', async () => {
      const course = await insertCourse(ctx);
      const { incrementId, orderId, email } = await paidOrder([course]);
      await withdraw({ orderNumber: incrementId, email });
      const declaration = (await declarations()).at(-1)!;
      const token = await confirmationToken(email);
      clock.advance(withdrawalConfirmationMs);
      const reply = await confirm({ token });
      expect(reply.status).toBe(410);
      expect(reply.body.error).toMatchObject({ code: 'WITHDRAWAL_LINK_EXPIRED', fields: { token: 'expired' } });
      expect(await freePlaces(ctx, course.id)).toBe(4);
      expect(await refundsOf(orderId)).toEqual([]);
      expect(await state(incrementId, email)).toMatchObject({ withdrawal: 'none' });
      expect((await declarations()).find((row) => row.id === declaration.id)).toEqual(declaration);
      const [link] = await ctx.db.kysely
        .selectFrom('withdrawal_confirmation')
        .selectAll()
        .where('withdrawal_id', '=', declaration.id)
        .execute();
      expect(link!.confirmed_at).toBeNull();
    });

    it('answers a wrong, empty or malformed token with 400 and field errors, never 500', async () => {
      const wrong = await confirm({ token: 'A'.repeat(43) });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({ code: 'WITHDRAWAL_LINK_INVALID', fields: { token: 'invalid' } });
      for (const [body, fields] of [
        [{ token: '' }, { token: 'required' }],
        [{ token: '   ' }, { token: 'required' }],
        [{ token: 'x'.repeat(201) }, { token: 'too_long' }],
        [{}, { token: expect.any(String) }],
        [{ token: 42 }, { token: expect.any(String) }],
        [{ token: 'abc', orderNumber: '1' }, { orderNumber: expect.any(String) }],
      ] as const) {
        const reply = await confirm(body);
        expect(reply.status, JSON.stringify(body)).toBe(400);
        expect(reply.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields });
      }
    });

    it("a logged-in customer's declaration for somebody else's order waits for that order's address to confirm", async () => {
      const course = await insertCourse(ctx);
      const { incrementId, email } = await paidOrder([course]);
      const stranger = await loggedInCustomer();
      const reply = await withdraw({ orderNumber: incrementId, email }, stranger.token);
      expect(reply.body.result).toMatchObject({ outcome: 'awaiting_confirmation', refundAmount: null });
      expect(await freePlaces(ctx, course.id)).toBe(4);
      // The link goes to the order's address (the one declared, since it matched), not to the stranger's.
      expect(await confirmationToken(email)).toMatch(/^[\w-]{43}$/);
      expect((await mailsTo(ctx, stranger.email)).some((mail) => mail.text.includes('/withdrawal-confirm'))).toBe(
        false,
      );
    });

    it("the logged-in owner's declaration still acts at once, with no link", async () => {
      const course = await insertCourse(ctx);
      const { email, token } = await loggedInCustomer();
      const { incrementId } = await paidOrder([course], { token });
      const reply = await withdraw({ orderNumber: incrementId, email }, token);
      expect(reply.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 289, confirmationExpiresAt: null });
      expect(await freePlaces(ctx, course.id)).toBe(5);
      const receiptMail = (await mailsTo(ctx, email)).find((mail) => mail.subject.includes('Eingangsbestätigung'))!;
      expect(receiptMail.text).not.toContain('/withdrawal-confirm');
      expect(receiptMail.text).toContain('Der Widerruf ist wirksam');
    });

    /** A logged-in customer's order, paid through the sandbox, or at once when credits leave nothing to pay. */
    async function customerOrder(token: string, body: Record<string, unknown>, paidCents: number) {
      const reply = await client(ctx).post(
        '/api/cart/submit',
        {
          ...body,
          expectedTotalPrice: paidCents / 100,
          ...(paidCents === 0 ? { selectedPaymentMethod: undefined } : {}),
        },
        token,
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const order = await orderByNumber(ctx, reply.body.result.incrementId);
      if (paidCents > 0) await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'paid');
      return { incrementId: order.increment_id, orderId: order.id };
    }
    const coursesOf = (...courses: { id: number; type: number }[]) =>
      courses.map((course) => ({
        courseId: course.id,
        courseType: course.type,
        quantity: 1,
        participants: [participant(1)],
      }));
    const fivePackage = { packageType: 'conversation_hours', amount: 5, quantity: 1 };
    /**
     * A customer's paid order of a conversation hour at 25 € (`places` of it) and a five-hour package at 115 €, the
     * course's hours spent from the package bought with it.
     */
    async function hoursWithFivePackage(places = 1) {
      const { email, token } = await loggedInCustomer();
      const hour = await insertCourse(ctx, { type: CourseType.conversationHours, priceCents: 2500 });
      const order = await customerOrder(token, courseOrder(hour, places, { packages: [fivePackage] }), 11500);
      return { email, token, hour, ...order };
    }
    /** The customer's credits of a type, as their account shows them. */
    const balance = async (token: string, typeId: number) =>
      (
        (await client(ctx).get('/api/customer/me/balances', token)).body.result as { typeId: number; balance: number }[]
      ).find((row) => row.typeId === typeId)?.balance ?? 0;
    const bookingsOf = async (orderId: number) =>
      (
        await ctx.db.kysely
          .selectFrom('course_booking')
          .select('id')
          .where('order_id', '=', orderId)
          .orderBy('id')
          .execute()
      ).map((row) => ({ kind: 'course', id: row.id }));

    it('with the early-start request, a stored credit spent on a lesson already held stays spent', async () => {
      const { email, token } = await loggedInCustomer();
      await customerOrder(token, { ...courseOrder({ id: 0, type: 1 }), courses: [], packages: [fivePackage] }, 11500);
      // One conversation hour on Saturday 2026-01-17, 18:00, inside the period, paid with one credit.
      const hour = await earlyCourse([], { type: CourseType.conversationHours, lastDay: 2 });
      const { incrementId } = await customerOrder(token, { ...courseOrder(hour), earlyStartRequested: true }, 0);
      expect(await balance(token, CourseType.conversationHours)).toBe(4);

      clock.advance(3 * day);
      const reply = await withdraw({ orderNumber: incrementId, email }, token);
      expect(reply.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 0 });
      expect(await balance(token, CourseType.conversationHours)).toBe(4);
    });

    it('gives back the credits of flexible-learning modules not yet held; the school keeps whole credits only', async () => {
      const { email, token } = await loggedInCustomer();
      const customer = await ctx.db.kysely
        .selectFrom('customer')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await ctx.db.kysely
        .insertInto('customer_balance')
        .values({
          customer_id: customer.id,
          type_id: CourseType.flexibleAppointment,
          balance: 3,
          valid_from: '2026-01-01T00:00:00.000Z',
          valid_until: '2027-01-01T00:00:00.000Z',
          order_id: null,
        })
        .execute();
      // Saturdays, five lessons; three appointments paid with three credits.
      const modules = await earlyCourse([], { type: CourseType.flexibleAppointment });
      const { incrementId } = await customerOrder(token, { ...courseOrder(modules, 3), earlyStartRequested: true }, 0);
      expect(await balance(token, CourseType.flexibleAppointment)).toBe(0);

      // Two of five lessons held: 3 × 2/5 = 1.2 credits' worth; the school keeps 1, rounded in the buyer's favour.
      clock.advance(10 * day);
      const reply = await withdraw({ orderNumber: incrementId, email }, token);
      expect(reply.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 0 });
      expect(await balance(token, CourseType.flexibleAppointment)).toBe(2);
    });

    it('gives back the stored credits of a position withdrawn alone; the positions still standing keep theirs', async () => {
      const { email, token } = await loggedInCustomer();
      await grantConversationHours(ctx, email, 2);
      const first = await insertCourse(ctx, { type: CourseType.conversationHours, priceCents: 2500 });
      const second = await insertCourse(ctx, { type: CourseType.conversationHours, priceCents: 2500 });
      const { incrementId, orderId } = await customerOrder(
        token,
        { ...courseOrder(first), courses: coursesOf(first, second) },
        0,
      );
      expect(await balance(token, CourseType.conversationHours)).toBe(0);
      const [, secondBooking] = await bookingsOf(orderId);

      const one = await withdraw({ orderNumber: incrementId, email, positions: [secondBooking] }, token);
      expect(one.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 0 });
      expect(await balance(token, CourseType.conversationHours)).toBe(1);
      const rest = await withdraw({ orderNumber: incrementId, email }, token);
      expect(rest.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 0 });
      expect(await balance(token, CourseType.conversationHours)).toBe(2);
    });

    it('a package bought with the order gets back the credit its withdrawn course spent: as balance while it stands', async () => {
      // 115 € for five hours, one of them spent on the course at once.
      const { email, token, incrementId, orderId } = await hoursWithFivePackage();
      expect(await balance(token, CourseType.conversationHours)).toBe(4);
      const [booking] = await bookingsOf(orderId);

      const course = await withdraw({ orderNumber: incrementId, email, positions: [booking] }, token);
      expect(course.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 0 });
      expect(await balance(token, CourseType.conversationHours)).toBe(5);
      // No credit used any more: the whole price of the package goes back with it.
      const rest = await withdraw({ orderNumber: incrementId, email }, token);
      expect(rest.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 115 });
      expect(await balance(token, CourseType.conversationHours)).toBe(0);
    });

    it('a credit given back to a package withdrawn before is refunded as its share of the package price', async () => {
      const { email, token, incrementId, orderId } = await hoursWithFivePackage();
      const [booking] = await bookingsOf(orderId);
      const purchase = await ctx.db.kysely
        .selectFrom('customer_balance_transaction')
        .select('id')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();

      // The package first: four of its five credits unused, 4/5 of 115 €.
      const pkg = await withdraw(
        { orderNumber: incrementId, email, positions: [{ kind: 'package', id: purchase.id }] },
        token,
      );
      expect(pkg.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 92 });
      // Then the course, before its lesson: its credit is no longer used, so its fifth of the package goes back too.
      const course = await withdraw({ orderNumber: incrementId, email, positions: [booking] }, token);
      expect(course.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 23 });
      expect((await refundsOf(orderId)).map((row) => row.amount_cents)).toEqual([9200, 2300]);
      expect(await balance(token, CourseType.conversationHours)).toBe(0);
    });

    it('credits back to a package its order had used up fully make a new balance, valid 12 months from the order', async () => {
      const { email, token, incrementId, orderId } = await hoursWithFivePackage(5);
      expect(await balance(token, CourseType.conversationHours)).toBe(0);
      const [booking] = await bookingsOf(orderId);

      await withdraw({ orderNumber: incrementId, email, positions: [booking] }, token);
      expect(await balance(token, CourseType.conversationHours)).toBe(5);
      const restored = await ctx.db.kysely
        .selectFrom('customer_balance')
        .select(['balance', 'valid_until'])
        .where('order_id', '=', orderId)
        .execute();
      expect(restored).toEqual([{ balance: 5, valid_until: '2027-01-15T09:00:00.000Z' }]);
    });

    it('answers nobody but the logged-in owner which positions the order holds or what they are called', async () => {
      const course = await insertCourse(ctx);
      const { incrementId, orderId, email } = await paidOrder([course]);
      const [booking] = await bookingsOf(orderId);
      const sent = [booking!, { kind: 'course', id: booking!.id + 1000 }, { kind: 'product', id: 39 }];
      const asSent = [`course #${booking!.id}`, `course #${booking!.id + 1000}`, 'product #39'];
      const stranger = await loggedInCustomer();

      for (const token of [null, stranger.token]) {
        const reply = await withdraw({ orderNumber: incrementId, email, positions: sent }, token);
        expect(reply.body.result.outcome).toBe('awaiting_confirmation');
        // A position of the order reads like one that is not in it.
        expect(reply.body.result.positions).toEqual(asSent);
        expect(JSON.stringify(reply.body)).not.toContain('Spanisch Testkurs');
      }
      // Stored as sent; the mail to the order's own address names what it holds.
      expect(JSON.parse((await declarations()).at(-1)!.positions)).toEqual(sent);
      const mail = (await mailsTo(ctx, email)).find((row) => row.text.includes('/withdrawal-confirm'))!;
      expect(mail.text).toContain('Spanisch Testkurs');
    });

    const spam = {
      name: 'Gewinnen Sie jetzt 1000 EUR auf http://evil.example/claim',
      orderNumber: 'Jetzt anrufen: +49 900 123456',
    };
    const spamIn = (mail: { text: string; html: string }) =>
      /Gewinnen|evil\.example|900 123456/.test(mail.text + mail.html);
    const languages = [
      {
        locale: 'de',
        greeting: 'Guten Tag,',
        named: 'Guten Tag Ana García,',
        notRepeated: 'wie im Formular eingegeben',
        subject: 'Eingangsbestätigung Ihres Widerrufs',
        refund: 'Erstattung',
      },
      {
        locale: 'en',
        greeting: 'Hello,',
        named: 'Hello Ana García,',
        notRepeated: 'as entered on the form',
        subject: 'Receipt of your withdrawal',
        refund: 'Refund',
      },
      {
        locale: 'es',
        greeting: 'Hola:',
        named: 'Hola, Ana García:',
        notRepeated: 'tal como lo escribiste en el formulario',
        subject: 'Acuse de recibo de tu desistimiento',
        refund: 'Reembolso',
      },
    ];

    it.each(languages)(
      'a declaration matching no order mails neither its typed name nor its typed order number ($locale)',
      async ({ locale, greeting, notRepeated, subject }) => {
        const inbox = newAddress();
        const reply = await withdraw({ ...spam, email: inbox, locale });
        // The screen shows the declarant everything they typed, and the same outcome as for any declaration not by
        // the order's owner: what follows is in the mail.
        expect(reply.body.result).toMatchObject({ ...spam, outcome: 'awaiting_confirmation', reviewReason: null });

        const [mail] = await mailsTo(ctx, inbox, { atLeast: 1 });
        expect(mail!.subject).toBe(subject);
        expect(spamIn(mail!)).toBe(false);
        expect(mail!.text.startsWith(`${greeting}\n\n`)).toBe(true);
        expect(mail!.text.split(notRepeated)).toHaveLength(3);
        expect(mail!.text).toContain(reply.body.result.receiptNumber);
      },
    );

    it.each(languages)(
      "greets by the typed name only the order's logged-in owner, not a declaration matched by the order's address ($locale)",
      async ({ locale, greeting, named, notRepeated, subject, refund }) => {
        const course = await insertCourse(ctx);
        const { incrementId, email } = await paidOrder([course]);
        await withdraw({ name: spam.name, orderNumber: incrementId, email, locale });
        const receipt = (await mailsTo(ctx, email)).find((mail) => mail.text.includes('/withdrawal-confirm'))!;
        expect(spamIn(receipt)).toBe(false);
        expect(receipt.text.startsWith(`${greeting}\n\n`)).toBe(true);
        expect(receipt.text).toContain(notRepeated);
        expect(receipt.text).toContain(incrementId);
        // Confirmed by the link, the refund notice does not take up the typed name either.
        expect((await confirm({ token: linkIn(receipt).token })).body.result.outcome).toBe('withdrawn');
        const notice = (await mailsTo(ctx, email)).find((mail) => mail.subject.startsWith(refund))!;
        expect(spamIn(notice)).toBe(false);
        expect(notice.text.startsWith(`${greeting}\n\n`)).toBe(true);

        const owner = await loggedInCustomer();
        const own = await paidOrder([course], { token: owner.token });
        await withdraw({ orderNumber: own.incrementId, email: owner.email, locale }, owner.token);
        const ownMails = (await mailsTo(ctx, owner.email)).filter(
          (mail) => mail.subject.startsWith(subject) || mail.subject.startsWith(refund),
        );
        expect(ownMails).toHaveLength(2);
        for (const mail of ownMails) expect(mail.text.startsWith(`${named}\n\n`), mail.subject).toBe(true);
      },
    );

    it.each(languages)(
      "the owner's receipt sent to another address than the order's repeats no typed name there ($locale)",
      async ({ locale, greeting, notRepeated, subject, refund }) => {
        const course = await insertCourse(ctx);
        const owner = await loggedInCustomer();
        const { incrementId } = await paidOrder([course], { token: owner.token });
        // The owner acts at once, but nobody at this address confirmed the name typed into the form.
        const inbox = newAddress();
        const reply = await withdraw({ name: spam.name, orderNumber: incrementId, email: inbox, locale }, owner.token);
        expect(reply.body.result).toMatchObject({ outcome: 'withdrawn', name: spam.name });
        const mails = (await mailsTo(ctx, inbox, { atLeast: 2 })).filter(
          (mail) => mail.subject.startsWith(subject) || mail.subject.startsWith(refund),
        );
        expect(mails).toHaveLength(2);
        for (const mail of mails) {
          expect(spamIn(mail), mail.subject).toBe(false);
          expect(mail.text.startsWith(`${greeting}\n\n`), mail.subject).toBe(true);
        }
        const receipt = mails.find((mail) => mail.subject.startsWith(subject))!;
        expect(receipt.text).toContain(notRepeated);
        expect(receipt.text).toContain(incrementId);
      },
    );

    it("an order's two packages of one type each take back only their own unused credits, whichever goes first", async () => {
      const { email, token } = await loggedInCustomer();
      const tenPackage = { packageType: 'conversation_hours', amount: 10, quantity: 1 };
      // 115 € for five hours and 220 € for ten, credited as one balance each.
      const { incrementId, orderId } = await customerOrder(
        token,
        { ...courseOrder({ id: 0, type: 1 }), courses: [], packages: [fivePackage, tenPackage] },
        33500,
      );
      expect(await balance(token, CourseType.conversationHours)).toBe(15);
      const purchases = await ctx.db.kysely
        .selectFrom('customer_balance_transaction')
        .select(['id', 'amount'])
        .where('order_id', '=', orderId)
        .execute();
      const purchase = (amount: number) => ({
        kind: 'package',
        id: purchases.find((row) => row.amount === amount)!.id,
      });

      const five = await withdraw({ orderNumber: incrementId, email, positions: [purchase(5)] }, token);
      expect(five.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 115 });
      expect(await balance(token, CourseType.conversationHours)).toBe(10);
      const ten = await withdraw({ orderNumber: incrementId, email, positions: [purchase(10)] }, token);
      expect(ten.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 220 });
      expect(await balance(token, CourseType.conversationHours)).toBe(0);
      expect((await refundsOf(orderId)).map((row) => row.amount_cents)).toEqual([11500, 22000]);
    });

    it("credits of an order's packages spent in other orders count as the first package's, whichever goes first", async () => {
      for (const first of [5, 10]) {
        const { email, token } = await loggedInCustomer();
        const tenPackage = { packageType: 'conversation_hours', amount: 10, quantity: 1 };
        const { incrementId, orderId } = await customerOrder(
          token,
          { ...courseOrder({ id: 0, type: 1 }), courses: [], packages: [fivePackage, tenPackage] },
          33500,
        );
        // Three hours spent in another order: taken from the five-pack's balance, the first credited.
        const hours = await insertCourse(ctx, { type: CourseType.conversationHours, priceCents: 2500 });
        await customerOrder(token, courseOrder(hours, 3), 0);
        expect(await balance(token, CourseType.conversationHours)).toBe(12);
        const purchases = await ctx.db.kysely
          .selectFrom('customer_balance_transaction')
          .select(['id', 'amount'])
          .where('order_id', '=', orderId)
          .execute();
        const purchase = (amount: number) => ({
          kind: 'package',
          id: purchases.find((row) => row.amount === amount)!.id,
        });
        const second = first === 5 ? 10 : 5;
        // The five-pack refunds its two unused hours (46 €), the ten-pack all of its own (220 €).
        const expected: Record<number, number> = { 5: 46, 10: 220 };
        for (const amount of [first, second]) {
          const reply = await withdraw({ orderNumber: incrementId, email, positions: [purchase(amount)] }, token);
          expect(reply.body.result, `${amount} after ${first}`).toMatchObject({
            outcome: 'withdrawn',
            refundAmount: expected[amount],
          });
        }
        expect(await balance(token, CourseType.conversationHours)).toBe(0);
      }
    });

    it('keeps declarations append-only', async () => {
      await withdraw({ orderNumber: 'X-1', email: newAddress() });
      await expect(
        ctx.db.kysely.updateTable('withdrawal_declaration').set({ name: 'Changed' }).execute(),
      ).rejects.toThrow(/append-only/);
      await expect(ctx.db.kysely.deleteFrom('withdrawal_declaration').execute()).rejects.toThrow(/append-only/);
    });

    it('a package withdrawn before its courses never refunds more than its price, to the cent, and no other position less', async () => {
      const { email, token } = await loggedInCustomer();
      // Eight modules for 499 €: 62.375 € a credit, so each credit's share is rounded.
      const eightModules = { packageType: 'flexible_learning', amount: 8, quantity: 1 };
      const modules = await Promise.all(
        [1, 2, 3].map(() => insertCourse(ctx, { type: CourseType.flexibleAppointment, priceCents: 6000 })),
      );
      const institution = await ctx.db.kysely.selectFrom('product').select('institution_id').executeTakeFirstOrThrow();
      const product = await ctx.db.kysely
        .insertInto('product')
        .values({ institution_id: institution.institution_id, price_cents: 1000, discounted_price_cents: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { incrementId, orderId } = await customerOrder(
        token,
        {
          ...courseOrder(modules[0]!),
          courses: coursesOf(...modules),
          packages: [eightModules],
          products: [{ productId: product.id, quantity: 1 }],
        },
        50900,
      );
      const purchase = await ctx.db.kysely
        .selectFrom('customer_balance_transaction')
        .select('id')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      const productOrder = await ctx.db.kysely
        .selectFrom('product_order')
        .select('id')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();

      // The package first (five of eight credits unused), then each module, then the product.
      for (const positions of [
        [{ kind: 'package', id: purchase.id }],
        ...(await bookingsOf(orderId)).map((booking) => [booking]),
        [{ kind: 'product', id: productOrder.id }],
      ]) {
        const reply = await withdraw({ orderNumber: incrementId, email, positions }, token);
        expect(reply.body.result.outcome, JSON.stringify(positions)).toBe('withdrawn');
      }
      const refunds = (await refundsOf(orderId)).map((row) => row.amount_cents);
      expect(refunds.slice(0, 4).reduce((sum, cents) => sum + cents, 0)).toBe(49900);
      expect(refunds).toEqual([31188, 6237, 6238, 6237, 1000]);
    });

    it('a package and its course withdrawn at the same time refund the package once, whichever is counted first', async () => {
      const { email, token, hour, incrementId, orderId } = await hoursWithFivePackage();
      const [booking] = await bookingsOf(orderId);
      const purchase = await ctx.db.kysely
        .selectFrom('customer_balance_transaction')
        .select('id')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      const replies = await Promise.all(
        [[{ kind: 'package', id: purchase.id }], [booking], [], [booking]].map((positions) =>
          withdraw({ orderNumber: incrementId, email, positions }, token),
        ),
      );
      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
      const refunds = (await refundsOf(orderId)).map((row) => row.amount_cents);
      expect(refunds.reduce((sum, cents) => sum + cents, 0)).toBe(11500);
      expect(await balance(token, CourseType.conversationHours)).toBe(0);
      expect(await freePlaces(ctx, hour.id)).toBe(5);
    });

    it("a refund the provider refused stays pending and goes out with the owner's next declaration, even with nothing left to withdraw", async () => {
      const course = await insertCourse(ctx);
      const { email, token } = await loggedInCustomer();
      const { incrementId, orderId } = await paidOrder([course], { token });
      const paymentId = (await paymentOf(ctx, orderId)).transaction_id!;
      const provider = (status: string) =>
        ctx.db.kysely.updateTable('sandbox_payment').set({ status }).where('id', '=', paymentId).execute();

      await provider('failed'); // the provider refuses refunds for now
      const first = await withdraw({ orderNumber: incrementId, email }, token);
      expect(first.body.result).toMatchObject({ outcome: 'withdrawn', refundAmount: 289 });
      expect(await refundsOf(orderId)).toMatchObject([{ status: 'pending', amount_cents: 28900 }]);

      await provider('paid');
      const again = await withdraw({ orderNumber: incrementId, email }, token);
      expect(again.body.result).toMatchObject({ outcome: 'review', reviewReason: 'already_withdrawn' });
      expect(await refundsOf(orderId)).toMatchObject([{ status: 'issued', amount_cents: 28900 }]);
      expect(await sandboxRefunds(paymentId)).toHaveLength(1);
      const notices = (await mailsTo(ctx, email)).filter(
        (mail) => mail.subject === `Erstattung zu Bestellung ${incrementId}`,
      );
      expect(notices).toHaveLength(1);
    });

    it("two of a customer's orders that spent each other's credits, withdrawn at the same time: both receipted, money and credits square", async () => {
      const { email, token } = await loggedInCustomer();
      const hours = () => insertCourse(ctx, { type: CourseType.conversationHours, priceCents: 2500 });
      const packageOnly = { ...courseOrder({ id: 0, type: 1 }), courses: [], packages: [fivePackage] };
      // Five hours, then an order whose hour is paid from them, then one whose five hours take the other four and
      // one of the second order's package: each order's withdrawal gives credits back to the other's balances.
      await customerOrder(token, packageOnly, 11500);
      const first = await customerOrder(token, courseOrder(await hours(), 1, { packages: [fivePackage] }), 11500);
      const second = await customerOrder(token, courseOrder(await hours(), 5, { packages: [fivePackage] }), 11500);
      expect(await balance(token, CourseType.conversationHours)).toBe(9);

      const replies = await Promise.all(
        [first, second].map((order) => withdraw({ orderNumber: order.incrementId, email }, token)),
      );
      expect(replies.map((reply) => [reply.status, reply.body.result?.outcome])).toEqual([
        [200, 'withdrawn'],
        [200, 'withdrawn'],
      ]);
      // Whichever is counted first, what the school keeps is what the credits the customer still holds cost: the
      // first five hours, and one more when the first order's package gave one to the second order's hours.
      const kept =
        3 * 11500 - replies.reduce((sum, reply) => sum + Math.round(reply.body.result.refundAmount * 100), 0);
      const held = await balance(token, CourseType.conversationHours);
      expect([5, 6]).toContain(held);
      expect(kept).toBe(held * 2300);
    });

    it("declarations matching no order, sent to somebody's address, do not keep that person from withdrawing", async () => {
      const course = await insertCourse(ctx);
      const { incrementId, email } = await paidOrder([course]);
      // Two clients use up what the address may receive for orders nobody can tie to it...
      const spam = (sender: ReturnType<typeof client>, n: number) =>
        sender.post('/api/withdrawals', { name: 'x', orderNumber: `X-${n}`, email, locale: 'de' });
      const [one, two] = [client(ctx), client(ctx)];
      for (let n = 0; n < withdrawalRateLimits.perAddress.max; n++) await spam(n % 2 ? one : two, n);
      expect((await spam(one, 99)).status).toBe(429);
      expect((await spam(client(ctx), 100)).status).toBe(429);
      // ...its +tag aliases, which reach the same inbox, share that count...
      const alias = email.replace('@', '+w@');
      const aliased = await client(ctx).post('/api/withdrawals', {
        name: 'x',
        orderNumber: 'X-101',
        email: alias,
        locale: 'de',
      });
      expect(aliased.status).toBe(429);
      // ...but the order's own address declaring for its order is a different matter: its link goes out.
      const own = await withdraw({ orderNumber: incrementId, email });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body.result.outcome).toBe('awaiting_confirmation');
      expect(await confirmationToken(email)).toMatch(/^[\w-]{43}$/);
    });

    it('answers hostile declarations with 400 and the field, never 500', async () => {
      const valid = { name: 'Ana', orderNumber: '100001', email: 'ana@example.org' };
      for (const [body, field] of [
        [{ ...valid, name: 'x'.repeat(201) }, 'name'],
        [{ ...valid, name: 'Ana\u0000' }, 'name'],
        [{ ...valid, orderNumber: '1'.repeat(41) }, 'orderNumber'],
        [{ ...valid, orderNumber: 100001 }, 'orderNumber'],
        [{ ...valid, email: `${'a'.repeat(250)}@example.org` }, 'email'],
        [{ ...valid, positions: [{ kind: 'course', id: 0 }] }, 'positions.0.id'],
        [{ ...valid, positions: [{ kind: 'course', id: 1.5 }] }, 'positions.0.id'],
        [{ ...valid, positions: [{ kind: 'course', id: 2 ** 53 }] }, 'positions.0.id'],
        [{ ...valid, positions: [{ kind: 'voucher', id: 1 }] }, 'positions.0.kind'],
        [{ ...valid, positions: [{ kind: 'course', id: 1, extra: 1 }] }, 'positions.0.extra'],
        [
          { ...valid, positions: Array.from({ length: 101 }, (_, id) => ({ kind: 'course', id: id + 1 })) },
          'positions',
        ],
        [{ ...valid, positions: 'all' }, 'positions'],
        [{ ...valid, locale: 'fr' }, 'locale'],
      ] as const) {
        const reply = await client(ctx).post('/api/withdrawals', body);
        expect(reply.status, JSON.stringify(body).slice(0, 120)).toBe(400);
        expect(Object.keys(reply.body.error.fields ?? {}), JSON.stringify(body).slice(0, 120)).toContain(field);
      }
      // Positions the order does not hold, with the largest ids there are: the school decides, as for any other.
      const huge = await withdraw({
        ...valid,
        positions: [{ kind: 'package', id: Number.MAX_SAFE_INTEGER }],
      });
      expect(huge.status).toBe(200);
      expect(huge.body.result.positions).toEqual([`package #${Number.MAX_SAFE_INTEGER}`]);
    });

    it('answers bad input with field errors', async () => {
      const reply = await client(ctx).post('/api/withdrawals', { name: '', orderNumber: '', email: 'nope' });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { name: 'required', orderNumber: 'required', email: 'email' },
      });
    });
  },
  { app: { now: clock.now, passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
