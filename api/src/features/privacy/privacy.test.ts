import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  cheapHashing,
  client,
  linkIn,
  mailsTo,
  movableClock,
  newEmail,
  type Client,
} from '../customer/test-support.ts';
import { courseOrder, insertCourse, orderByNumber, pendingOrder } from '../order/test-support.ts';
import { privacyRateLimits } from './routes.ts';
import { columnsHolding, customerWithEverything, moveCourse, paidOrder, uniqueName } from './test-support.ts';

const clock = movableClock();

describeEachDatabase(
  'privacy: download and deletion',
  (ctx) => {
    describe('the download of a customer', () => {
      let c: Client;
      let person: Awaited<ReturnType<typeof customerWithEverything>>;
      let stranger: Awaited<ReturnType<typeof customerWithEverything>>;
      beforeAll(async () => {
        c = client(ctx);
        person = await customerWithEverything(ctx, c);
        stranger = await customerWithEverything(ctx);
      });

      it('holds every kind of data the shop keeps about them, and nothing of anybody else', async () => {
        const reply = await c.post('/api/customer/me/privacy/export', { password: person.password }, person.token);
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        expect(reply.headers['content-disposition']).toContain('attachment');
        const data = reply.body.result;
        expect(data.format).toBe('shop-personal-data/1');
        expect(data.subject).toEqual({ kind: 'customer', email: person.email });
        expect(data.profile).toMatchObject({
          email: person.email,
          firstname: person.firstname,
          lastname: person.lastname,
          phone: person.phone,
          birthYear: '1990',
          isEmailVerified: true,
        });
        expect(data.billingAddress).toMatchObject({ firstname: person.firstname, city: 'Köln' });
        const numbers = data.orders.map((order: { orderNumber: string }) => order.orderNumber).sort();
        expect(numbers).toEqual(
          [person.orders.guest, person.orders.course, person.orders.credits].map((o) => o.increment_id).sort(),
        );
        const courseOrder = data.orders.find((o: any) => o.orderNumber === person.orders.course.increment_id);
        expect(courseOrder.comment).toBe(person.comment);
        expect(courseOrder.billingAddress).toMatchObject({ firstname: person.firstname, addressLine1: 'Privatweg 7' });
        expect(courseOrder.courses[0].participants.map((p: any) => p.email)).toEqual([
          person.email,
          person.friendEmail,
        ]);
        expect(courseOrder.payments[0]).toMatchObject({ status: 'paid', amount: 400 });
        // No card data exists to give: the provider's ids and links stay out too.
        expect(JSON.stringify(courseOrder.payments)).not.toMatch(/transaction|paymentLink|tr_/);
        expect(data.participations).toHaveLength(1);
        expect(data.participations[0]).toMatchObject({
          email: person.email,
          course: { courseId: person.courses.other.id },
        });
        expect(data.balances).toEqual([expect.objectContaining({ typeId: 3, balance: 2 })]);
        expect(data.balanceHistory).toEqual([
          expect.objectContaining({ kind: 'used', amount: 1, orderNumber: person.orders.credits.increment_id }),
        ]);
        expect(data.levelTests).toEqual([expect.objectContaining({ level: 'b1', reachedPoints: 17 })]);
        expect(data.waitlist).toEqual([
          expect.objectContaining({
            status: 'waiting',
            course: expect.objectContaining({ courseId: person.courses.full.id }),
          }),
        ]);
        expect(data.withdrawals).toEqual([expect.objectContaining({ orderNumber: person.orders.course.increment_id })]);
        expect(data.consents).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ kind: 'newsletter', given: false }),
            expect.objectContaining({ kind: 'marketing', given: true, orderNumber: person.orders.course.increment_id }),
          ]),
        );
        expect(data.discountCodeUses).toEqual([expect.objectContaining({ code: person.code })]);
        expect(data.mails.length).toBeGreaterThan(0);
        expect(data.mails[0]).toEqual({
          subject: expect.any(String),
          createdAt: expect.any(String),
          sentAt: null,
          status: 'queued',
        });
        expect(data.sessions.length).toBeGreaterThan(0);
        expect(data.accountLinks).toEqual([
          expect.objectContaining({ purpose: 'verify_email', email: person.email, usedAt: expect.any(String) }),
        ]);
        // Nothing of the other customer with the same kinds of data.
        const text = JSON.stringify(data);
        for (const foreign of [stranger.email, stranger.firstname, stranger.lastname, stranger.comment, stranger.code])
          expect(text).not.toContain(foreign);
        for (const order of Object.values(stranger.orders)) expect(text).not.toContain(order.increment_id);
        // No password hash, no token hash.
        expect(text).not.toMatch(/argon2|token_?hash/i);
      });

      it('asks for the password again, and needs a live session', async () => {
        const wrong = await c.post('/api/customer/me/privacy/export', { password: 'falsch' }, person.token);
        expect(wrong.status).toBe(400);
        expect(wrong.body.error).toMatchObject({ code: 'WRONG_PASSWORD', fields: { password: 'wrong_password' } });
        const none = await c.post('/api/customer/me/privacy/export', { password: person.password });
        expect(none.status).toBe(401);
        const missing = await c.post('/api/customer/me/privacy/export', {}, person.token);
        expect(missing.status).toBe(400);
      });

      it(`gives at most ${privacyRateLimits.downloads.perSubject.max} downloads an hour`, async () => {
        const other = await customerWithEverything(ctx);
        const download = () => c.post('/api/customer/me/privacy/export', { password: other.password }, other.token);
        for (let n = 0; n < privacyRateLimits.downloads.perSubject.max; n++)
          expect((await download()).status).toBe(200);
        const refused = await download();
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toBeDefined();
      });
    });

    describe('deleting an account', () => {
      it('names open orders and unused credits before, and refuses while an order waits for its payment', async () => {
        const c = client(ctx);
        const person = await customerWithEverything(ctx, c);
        const preview = await c.get('/api/customer/me/privacy/deletion', person.token);
        expect(preview.status).toBe(200);
        expect(preview.body.result).toEqual({
          blockers: [],
          openOrders: expect.arrayContaining([
            {
              orderNumber: person.orders.course.increment_id,
              courses: [expect.objectContaining({ title: 'Spanisch Testkurs' })],
            },
            { orderNumber: person.orders.credits.increment_id, courses: [expect.any(Object)] },
            { orderNumber: person.orders.guest.increment_id, courses: [expect.any(Object)] },
          ]),
          credits: [expect.objectContaining({ typeId: 3, balance: 2 })],
          keptOrders: 3,
        });

        const course = await insertCourse(ctx, { free: 3, priceCents: 9900 });
        const unpaid = await client(ctx).post(
          '/api/cart/submit',
          courseOrder(course, 1, { expectedTotalPrice: 99 }),
          person.token,
        );
        expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(200);
        const refused = await c.post('/api/customer/me/privacy/delete', { password: person.password }, person.token);
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({
          error: { code: 'DELETION_BLOCKED' },
          blockers: [{ kind: 'awaitingPayment', orderNumber: unpaid.body.result.incrementId, courseTitle: null }],
        });
        // Nothing was deleted.
        expect((await c.get('/api/customer/me', person.token)).status).toBe(200);
      });

      it('refuses while a course it booked is running, and says which', async () => {
        const c = client(ctx);
        const person = await customerWithEverything(ctx, c);
        await moveCourse(ctx, person.courses.course.id, -3, 20);
        const preview = await c.get('/api/customer/me/privacy/deletion', person.token);
        expect(preview.body.result.blockers).toEqual([
          { kind: 'courseRunning', orderNumber: person.orders.course.increment_id, courseTitle: 'Spanisch Testkurs' },
        ]);
        const refused = await c.post('/api/customer/me/privacy/delete', { password: person.password }, person.token);
        expect(refused.status).toBe(409);
        expect(refused.body.blockers).toHaveLength(1);
      });

      it('asks for the password again', async () => {
        const c = client(ctx);
        const person = await customerWithEverything(ctx, c);
        const wrong = await c.post('/api/customer/me/privacy/delete', { password: 'falsch' }, person.token);
        expect(wrong.status).toBe(400);
        expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
        expect((await c.get('/api/customer/me', person.token)).status).toBe(200);
      });

      it('deletes every row naming the person but the reduced invoices, ends every session, and mails', async () => {
        const c = client(ctx);
        const person = await customerWithEverything(ctx, c);
        const secondDevice = await client(ctx).post('/api/customer/login', {
          email: person.email,
          password: person.password,
        });
        const stranger = await customerWithEverything(ctx);
        // An e-mail change the person started: the new address got a link.
        const newAddress = newEmail('neu');
        expect((await c.put('/api/customer/me/update', { email: newAddress }, person.token)).status).toBe(200);
        expect(await mailsTo(ctx, newAddress, { atLeast: 1 })).toHaveLength(1);
        // Delivered by now: the outbox keeps what it sent for a while, the order mails naming the participants too.
        await ctx.db.kysely
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: clock.now().toISOString() })
          .where('status', '=', 'queued')
          .execute();
        const deleted = await c.post('/api/customer/me/privacy/delete', { password: person.password }, person.token);
        expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
        expect(deleted.body.result).toEqual({ deleted: true, keptOrders: 3 });

        // Every session ended.
        expect((await c.get('/api/customer/me', person.token)).status).toBe(401);
        expect((await c.get('/api/customer/me', secondDevice.body.result.token)).status).toBe(401);

        // The confirmation, the one mail left to the address; the outbox forgets it once delivered.
        const mails = await mailsTo(ctx, person.email);
        expect(mails.map((mail) => mail.subject)).toEqual(['Ihr Kundenkonto wurde gelöscht']);
        const outbox = await ctx.db.kysely
          .selectFrom('mail_outbox')
          .select('erase_after_send')
          .where('recipient', '=', person.email)
          .executeTakeFirstOrThrow();
        expect(outbox.erase_after_send).toBe(1);

        // Searched in every table: what is left is the invoice (recipient's name on the orders and on the issued
        // invoices), the names on the place still booked for a course not yet held, and the confirmation mail.
        expect(await columnsHolding(ctx, person.email)).toEqual(['mail_outbox.recipient']);
        expect(await columnsHolding(ctx, newAddress)).toEqual([]);
        const kept = ['course_booking_participant', 'order_billing_address'];
        expect(await columnsHolding(ctx, person.firstname)).toEqual(
          [...kept.map((table) => `${table}.firstname`), 'invoice.data', 'mail_outbox.html', 'mail_outbox.text'].sort(),
        );
        expect(await columnsHolding(ctx, person.lastname)).toEqual(
          [...kept.map((table) => `${table}.lastname`), 'invoice.data'].sort(),
        );
        for (const gone of [person.phone, person.comment, person.friendEmail.split('@')[0]!])
          expect(await columnsHolding(ctx, gone), gone).toEqual(
            gone === person.friendEmail.split('@')[0] ? ['course_booking_participant.email'] : [],
          );
        // The participant places of the course not yet held keep only the names; the one that is over, nothing.
        const places = await ctx.db.kysely
          .selectFrom('course_booking_participant as p')
          .innerJoin('course_booking as b', 'b.id', 'p.course_booking_id')
          .select(['b.course_id', 'p.firstname', 'p.email', 'p.phone'])
          .where('b.course_id', 'in', [person.courses.course.id, person.courses.other.id, person.courses.earlier.id])
          .orderBy('p.id')
          .execute();
        expect(places.filter((p) => p.course_id === person.courses.other.id)).toEqual([
          { course_id: person.courses.other.id, firstname: '', email: '', phone: null },
        ]);
        expect(places.filter((p) => p.firstname === person.firstname)).toEqual([
          { course_id: person.courses.course.id, firstname: person.firstname, email: '', phone: null },
        ]);
        // The invoices: kept, with number, amounts and the recipient's postal address, linked to no login.
        for (const order of [person.orders.guest, person.orders.course, person.orders.credits]) {
          const kept = await orderByNumber(ctx, order.increment_id);
          expect(kept).toMatchObject({
            customer_id: null,
            email: '',
            comment: null,
            marketing_opt_in: 0,
            status: 'paid',
          });
          expect(kept.reduced_at).not.toBeNull();
          expect(kept.total_price_cents).toBe(order.total_price_cents);
        }
        // The other customer lost nothing.
        const theirs = await ctx.db.kysely
          .selectFrom('shop_order')
          .select(['email', 'comment'])
          .where('customer_id', '=', stranger.customerId)
          .execute();
        expect(theirs).toHaveLength(2);
        expect(theirs.every((order) => order.email === stranger.email)).toBe(true);
        expect(await columnsHolding(ctx, stranger.lastname)).toContain('customer.lastname');
        // A login attempt afterwards finds no account (and is counted like any other).
        const login = await client(ctx).post('/api/customer/login', { email: person.email, password: person.password });
        expect(login.status).toBe(401);
      });
    });

    describe('a guest', () => {
      it('gets a link by mail, and the answer is the same for every address', async () => {
        const c = client(ctx);
        const unknown = newEmail('niemand');
        const { email: known } = await pendingOrder(ctx);
        const a = await c.post('/api/privacy/request', { email: unknown, locale: 'de' });
        const b = await c.post('/api/privacy/request', { email: known, locale: 'de' });
        expect(a.status).toBe(200);
        expect(a.body).toEqual(b.body);
        expect(a.body).toEqual({ result: { success: true } });
        const [mail] = await mailsTo(ctx, unknown, { atLeast: 1 });
        expect(mail!.subject).toBe('Ihre Anfrage zu Ihren Daten');
        expect(linkIn(mail!).path).toBe('/privacy-request-confirm');
      });

      it(`gets at most ${privacyRateLimits.linkRequest.perAddress.max} links an hour to one inbox`, async () => {
        const email = newEmail('flut');
        for (let n = 0; n < privacyRateLimits.linkRequest.perAddress.max; n++)
          expect((await client(ctx).post('/api/privacy/request', { email })).status).toBe(200);
        const refused = await client(ctx).post('/api/privacy/request', { email: email.replace('@', '+x@') });
        expect(refused.status).toBe(429);
      });

      it('downloads and deletes what is tied to the address, and the link then works no more', async () => {
        const c = client(ctx);
        const email = newEmail('gast');
        const name = uniqueName('Gastname');
        const course = await insertCourse(ctx, { free: 5, priceCents: 5000 });
        const order = await paidOrder(
          ctx,
          courseOrder(course, 1, {
            emailAddress: email,
            billingAddress: { ...courseOrder(course).billingAddress, lastname: name },
            courses: [
              {
                courseId: course.id,
                courseType: course.type,
                quantity: 1,
                participants: [{ firstname: 'Gabi', lastname: name, email, phone: '', birthYear: '' }],
              },
            ],
          }),
        );
        // Somebody else's order of the same course: not the guest's.
        const otherOrder = await paidOrder(ctx, courseOrder(course, 1, { emailAddress: newEmail('andere') }));
        await moveCourse(ctx, course.id, -30, -10);
        await c.post('/api/privacy/request', { email, locale: 'de' });
        const [mail] = await mailsTo(ctx, email, { atLeast: 1 }).then((mails) =>
          mails.filter((m) => m.subject === 'Ihre Anfrage zu Ihren Daten'),
        );
        const { token } = linkIn(mail!);

        const overview = await c.post('/api/privacy/guest/overview', { token });
        expect(overview.status, JSON.stringify(overview.body)).toBe(200);
        expect(overview.body.result).toMatchObject({ email, accountExists: false, holdsData: true, blockers: [] });

        const data = await c.post('/api/privacy/guest/export', { token });
        expect(data.status).toBe(200);
        expect(data.body.result.subject).toEqual({ kind: 'guest', email });
        expect(data.body.result.profile).toBeNull();
        expect(data.body.result.orders.map((o: any) => o.orderNumber)).toEqual([order.increment_id]);
        expect(JSON.stringify(data.body.result)).not.toContain(otherOrder.increment_id);
        expect(data.body.result.mails.length).toBeGreaterThan(0);

        const deleted = await c.post('/api/privacy/guest/delete', { token });
        expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
        expect(deleted.body.result).toEqual({ deleted: true, keptOrders: 1 });
        expect((await mailsTo(ctx, email)).map((m) => m.subject)).toEqual(['Ihre Daten wurden gelöscht']);
        expect(await columnsHolding(ctx, email)).toEqual(['mail_outbox.recipient']);
        // The course is over: the place keeps no name; the invoice keeps its recipient.
        expect(await columnsHolding(ctx, name)).toEqual(['invoice.data', 'order_billing_address.lastname']);
        expect((await orderByNumber(ctx, otherOrder.increment_id)).email).not.toBe('');

        const again = await c.post('/api/privacy/guest/overview', { token });
        expect(again.status).toBe(400);
        expect(again.body.error.code).toBe('INVALID_TOKEN');
      });

      it('cannot delete while its order waits for the payment', async () => {
        const { email, order } = await pendingOrder(ctx);
        const c = client(ctx);
        await c.post('/api/privacy/request', { email });
        const [mail] = await mailsTo(ctx, email, { atLeast: 1 }).then((m) =>
          m.filter((x) => x.subject === 'Ihre Anfrage zu Ihren Daten'),
        );
        const { token } = linkIn(mail!);
        const refused = await c.post('/api/privacy/guest/delete', { token });
        expect(refused.status).toBe(409);
        expect(refused.body.blockers).toEqual([
          { kind: 'awaitingPayment', orderNumber: order.increment_id, courseTitle: null },
        ]);
        expect((await orderByNumber(ctx, order.increment_id)).email).toBe(email);
      });

      it('leaves an account with the address alone, and says it exists', async () => {
        const c = client(ctx);
        const person = await customerWithEverything(ctx, c);
        await client(ctx).post('/api/privacy/request', { email: person.email });
        const [mail] = await mailsTo(ctx, person.email, { atLeast: 1 }).then((m) =>
          m.filter((x) => x.subject === 'Ihre Anfrage zu Ihren Daten'),
        );
        const { token } = linkIn(mail!);
        const overview = await c.post('/api/privacy/guest/overview', { token });
        expect(overview.body.result).toMatchObject({ accountExists: true });
        const data = await c.post('/api/privacy/guest/export', { token });
        // The guest order made before the account: the address's; the account's orders are not.
        expect(data.body.result.orders.map((o: any) => o.orderNumber)).toEqual([person.orders.guest.increment_id]);
        expect(data.body.result.profile).toBeNull();
        expect((await c.post('/api/privacy/guest/delete', { token })).status).toBe(200);
        expect((await c.get('/api/customer/me', person.token)).status).toBe(200);
      });

      it('refuses an unknown or expired link', async () => {
        const c = client(ctx);
        const unknown = await c.post('/api/privacy/guest/overview', { token: 'A'.repeat(43) });
        expect(unknown.status).toBe(400);
        expect(unknown.body.error.code).toBe('INVALID_TOKEN');
        const email = newEmail('spaet');
        await c.post('/api/privacy/request', { email });
        const [mail] = await mailsTo(ctx, email, { atLeast: 1 });
        clock.advance(24 * 3_600_000 + 1);
        try {
          const expired = await c.post('/api/privacy/guest/export', { token: linkIn(mail!).token });
          expect(expired.status).toBe(400);
        } finally {
          clock.reset();
        }
      });
    });
  },
  { app: { passwordHashing: cheapHashing, now: clock.now, shopUrl: 'https://shop.test' } },
);
