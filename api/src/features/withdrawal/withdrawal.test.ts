import { CourseType, TagCategoryId } from '@shop/shared/contract';
import { beforeEach, expect, it } from 'vitest';
import { addDays } from '../../lib/dates.ts';
import { describeEachDatabase, testToday } from '../../test/databases.ts';
import { cheapHashing, client, linkIn, mailsTo, movableClock, verifiedCustomer } from '../customer/test-support.ts';
import {
  choose,
  courseOrder,
  freePlaces,
  insertCourse,
  orderByNumber,
  participant,
  paymentOf,
} from '../order/test-support.ts';

import { sandboxProvider, sandboxProviderName } from '../payment/sandbox-provider.ts';
import { withdrawalConfirmationMs } from './confirmation.ts';
import { sendRefundNotice } from './mails.ts';
import { issuePendingRefunds } from './refunds.ts';

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

    const withdraw = (body: Record<string, unknown>, token: string | null = null) =>
      client(ctx).post('/api/withdrawals', { name: 'Ana García', locale: 'de', ...body }, token);
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
      expect(receiptMail.text).toContain('Name: Ana García');
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

    it('after the period or for an unknown order: stores the declaration, changes nothing, says the school decides', async () => {
      const course = await insertCourse(ctx);
      const { incrementId, orderId, email } = await paidOrder([course]);
      clock.advance(15 * day);
      const late = await withdrawAndConfirm({ orderNumber: incrementId, email });
      expect(late.body.result).toMatchObject({ outcome: 'review', reviewReason: 'out_of_period', refundAmount: null });
      const unknown = await withdraw({ orderNumber: 'X-404', email });
      expect(unknown.body.result).toMatchObject({ outcome: 'review', reviewReason: 'unknown_order' });
      // A known number with another address is no match either (the answer tells nothing about the order).
      const otherAddress = await withdraw({ orderNumber: incrementId, email: newAddress() });
      expect(otherAddress.body.result).toMatchObject({ outcome: 'review', reviewReason: 'unknown_order' });

      expect(await freePlaces(ctx, course.id)).toBe(4);
      expect(await refundsOf(orderId)).toEqual([]);
      const stored = (await declarations()).slice(-3);
      expect(stored.map((row) => [row.order_number, row.received_at])).toEqual([
        [incrementId, clock.now().toISOString()],
        ['X-404', clock.now().toISOString()],
        [incrementId, clock.now().toISOString()],
      ]);
      // The unknown order's receipt keeps the free-text number out of its subject, and sends no link.
      const mails = await mailsTo(ctx, email);
      const unknownReceipt = mails.find((mail) => mail.text.includes('Bestellnummer: X-404'))!;
      expect(unknownReceipt.subject).toBe('Eingangsbestätigung Ihres Widerrufs');
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
    async function loggedInCustomer() {
      const customer = await verifiedCustomer(ctx, client(ctx));
      const login = await client(ctx).post('/api/customer/login', {
        email: customer.email,
        password: customer.password,
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
     * A course inside the withdrawal period, Saturday 2026-01-17 through Saturday 2026-02-14, 18:00, for 300 €,
     * meeting on the weekdays tagged `days` (none: the start's weekday alone).
     */
    async function earlyCourse(days: string[] = []) {
      const row = await ctx.db.kysely
        .insertInto('course')
        .values({
          type: CourseType.fullCourse,
          identifier: `EARLY-START-${Math.random().toString(36).slice(2, 8)}`,
          start_date: addDays(testToday, 2),
          start_time: '18:00',
          end_date: addDays(testToday, 30),
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
      return { id: row.id, type: CourseType.fullCourse, priceCents: 30000 };
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
      expect(confirmation.text).toContain('ausdrücklich verlangt');

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

    it('keeps declarations append-only', async () => {
      await withdraw({ orderNumber: 'X-1', email: newAddress() });
      await expect(
        ctx.db.kysely.updateTable('withdrawal_declaration').set({ name: 'Changed' }).execute(),
      ).rejects.toThrow(/append-only/);
      await expect(ctx.db.kysely.deleteFrom('withdrawal_declaration').execute()).rejects.toThrow(/append-only/);
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
