import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { addDays } from '../../lib/dates.ts';
import { describeEachDatabase, testNow, testToday, type TestContext } from '../../test/databases.ts';
import { retention, retentionRules } from './retention.ts';
import { uniqueName } from './test-support.ts';

const day = 86_400_000;
const rule = (name: string) => retentionRules.find((r) => r.name === name)!;
const run = (ctx: TestContext, name: string, now: Date) =>
  rule(name).run(ctx.db.kysely, now, new AbortController().signal);
const at = (ms: number) => new Date(testNow.getTime() + ms);

async function insertCourse(ctx: TestContext, start: string, end: string) {
  const { id } = await ctx.db.kysely
    .insertInto('course')
    .values({
      type: 1,
      identifier: uniqueName('RET-'),
      start_date: start,
      start_time: '18:00',
      end_date: end,
      end_time: '19:30',
      registration_deadline: start,
      max_participants: 10,
      free_places: 5,
      price_cents: 10000,
      discounted_price_cents: null,
      flexible_learning_course_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An order as the checkout leaves it, created at `createdAt`, with its recipient and one participant. */
async function insertOrder(
  ctx: TestContext,
  {
    createdAt,
    status = 'paid',
    courseId,
    paid = true,
  }: { createdAt: string; status?: string; courseId: number; paid?: boolean },
) {
  const k = ctx.db.kysely;
  const name = uniqueName('Kundin');
  const email = `${name.toLowerCase()}@example.org`;
  const { id } = await k
    .insertInto('shop_order')
    .values({
      increment_id: uniqueName('R-'),
      customer_id: null,
      email,
      status,
      total_price_cents: 10000,
      comment: `Notiz von ${name}`,
      created_at: createdAt,
      payment_method: 'creditcard',
      hold_expires_at: null,
      cancel_reason: status === 'cancelled' ? 'payment_expired' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('order_billing_address')
    .values({
      order_id: id,
      firstname: name,
      lastname: 'Muster',
      address_line1: 'Weg 1',
      address_line2: '',
      city: 'Bonn',
      zip: '53111',
      country: 'DE',
      phone: '0228 1',
      birth_year: '1980',
    })
    .execute();
  const { id: bookingId } = await k
    .insertInto('course_booking')
    .values({ order_id: id, course_id: courseId, quantity: 1, total_price_cents: 10000, discount_cents: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('course_booking_participant')
    .values({
      course_booking_id: bookingId,
      firstname: name,
      lastname: 'Muster',
      email,
      phone: '0228 2',
      birth_year: '1980',
    })
    .execute();
  await k
    .insertInto('payment')
    .values({
      order_id: id,
      provider: 'sandbox',
      method: 'creditcard',
      transaction_id: uniqueName('tr_'),
      status: paid ? 'paid' : 'expired',
      payment_link: null,
      amount_cents: 10000,
      created_at: createdAt,
      updated_at: createdAt,
      capture_status: null,
      capture_id: null,
      capture_error: null,
      capture_next_at: null,
    })
    .execute();
  return { id, name, email };
}

const orderState = async (ctx: TestContext, id: number) => {
  const k = ctx.db.kysely;
  return {
    order: await k
      .selectFrom('shop_order')
      .select(['email', 'comment', 'anonymized_at', 'total_price_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    recipient: await k
      .selectFrom('order_billing_address')
      .select(['firstname', 'city', 'country', 'phone'])
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow(),
    participants: await k
      .selectFrom('course_booking_participant as p')
      .innerJoin('course_booking as b', 'b.id', 'p.course_booking_id')
      .select(['p.firstname', 'p.email', 'p.phone'])
      .where('b.order_id', '=', id)
      .execute(),
  };
};

describeEachDatabase(
  'retention jobs',
  (ctx) => {
    it(`orders lose names, addresses and e-mail once ${retention.bookkeepingYears} calendar years have passed`, async () => {
      const course = await insertCourse(ctx, '2015-03-01', '2015-04-01');
      const order = await insertOrder(ctx, { createdAt: '2015-12-31T12:00:00.000Z', courseId: course });
      // Kept through the end of 2025, the tenth year after the order's year.
      await run(ctx, 'retention-orders', new Date('2025-12-31T12:00:00Z'));
      expect((await orderState(ctx, order.id)).order.email).toBe(order.email);
      await run(ctx, 'retention-orders', new Date('2026-01-01T12:00:00Z'));
      const after = await orderState(ctx, order.id);
      expect(after.order).toMatchObject({ email: '', comment: null, total_price_cents: 10000 });
      expect(after.order.anonymized_at).not.toBeNull();
      expect(after.recipient).toEqual({ firstname: '', city: '', country: 'DE', phone: null });
      expect(after.participants).toEqual([{ firstname: '', email: '', phone: null }]);
      // Idempotent: a second run finds nothing more to do.
      expect(await run(ctx, 'retention-orders', new Date('2026-01-01T12:00:00Z'))).toBe(0);
    });

    it(`orders that never became a contract go after ${retention.unpaidOrderDays} days; paid ones stay`, async () => {
      const course = await insertCourse(ctx, addDays(testToday, 30), addDays(testToday, 60));
      const created = testNow.toISOString();
      const unpaid = await insertOrder(ctx, { createdAt: created, status: 'cancelled', courseId: course, paid: false });
      const paid = await insertOrder(ctx, { createdAt: created, courseId: course });
      await run(ctx, 'retention-unpaid-orders', at((retention.unpaidOrderDays - 1) * day));
      expect((await orderState(ctx, unpaid.id)).order.email).toBe(unpaid.email);
      await run(ctx, 'retention-unpaid-orders', at((retention.unpaidOrderDays + 1) * day));
      expect((await orderState(ctx, unpaid.id)).order.email).toBe('');
      expect((await orderState(ctx, unpaid.id)).recipient.firstname).toBe('');
      expect((await orderState(ctx, paid.id)).order.email).toBe(paid.email);
    });

    it(`participants' contact data goes ${retention.participantContactDays} days after their course ended`, async () => {
      const course = await insertCourse(ctx, addDays(testToday, -20), addDays(testToday, -1));
      const order = await insertOrder(ctx, { createdAt: at(-30 * day).toISOString(), courseId: course });
      await run(ctx, 'retention-participants', testNow);
      expect((await orderState(ctx, order.id)).participants[0]!.email).toBe(order.email);
      await run(ctx, 'retention-participants', at((retention.participantContactDays + 1) * day));
      // The name stays with the booking record; e-mail, phone and birth year go.
      expect((await orderState(ctx, order.id)).participants).toEqual([
        { firstname: order.name, email: '', phone: null },
      ]);
    });

    it('waitlist entries go once their course started', async () => {
      const course = await insertCourse(ctx, addDays(testToday, 2), addDays(testToday, 30));
      const email = `${uniqueName('wartend').toLowerCase()}@example.org`;
      await ctx.db.kysely
        .insertInto('waitlist_entry')
        .values({
          course_id: course,
          email,
          customer_id: null,
          locale: 'de',
          status: 'waiting',
          leave_token_hash: uniqueName('h'),
          offer_token_hash: null,
          offer_expires_at: null,
          created_at: testNow.toISOString(),
          ended_at: null,
        })
        .execute();
      const entries = () =>
        ctx.db.kysely.selectFrom('waitlist_entry').select('id').where('email', '=', email).execute();
      await run(ctx, 'retention-waitlist', at(day));
      expect(await entries()).toHaveLength(1);
      await run(ctx, 'retention-waitlist', at(2 * day));
      expect(await entries()).toHaveLength(0);
    });

    it(`undelivered mails go after ${retention.failedMailDays} days`, async () => {
      const recipient = `${uniqueName('fehl').toLowerCase()}@example.org`;
      await ctx.db.kysely
        .insertInto('mail_outbox')
        .values({
          message_id: uniqueName('m'),
          recipient,
          subject: 's',
          text: 't',
          html: 'h',
          status: 'failed',
          next_attempt_at: testNow.toISOString(),
          created_at: testNow.toISOString(),
        })
        .execute();
      const mails = () =>
        ctx.db.kysely.selectFrom('mail_outbox').select('id').where('recipient', '=', recipient).execute();
      await run(ctx, 'retention-failed-mails', at((retention.failedMailDays - 1) * day));
      expect(await mails()).toHaveLength(1);
      await run(ctx, 'retention-failed-mails', at(retention.failedMailDays * day));
      expect(await mails()).toHaveLength(0);
    });

    it(`accounts never confirmed go after ${retention.unverifiedAccountDays} days, with nothing of the address`, async () => {
      const k = ctx.db.kysely;
      const email = `${uniqueName('unbestaetigt').toLowerCase()}@example.org`;
      const account = (address: string, verified: number) => ({
        email: address,
        password_hash: 'x',
        firstname: 'Una',
        lastname: 'Bestätigt',
        display_name: null,
        phone: null,
        birth_year: null,
        language_niveau: null,
        language_niveau_details: null,
        is_email_verified: verified,
        created_at: testNow.toISOString(),
        updated_at: testNow.toISOString(),
      });
      const verifiedEmail = `${uniqueName('bestaetigt').toLowerCase()}@example.org`;
      await k
        .insertInto('customer')
        .values([account(email, 0), account(verifiedEmail, 1)])
        .execute();
      // A guest order of the address's real owner: not the unconfirmed account's to take along.
      const course = await insertCourse(ctx, addDays(testToday, 30), addDays(testToday, 60));
      const guestOrder = await insertOrder(ctx, { createdAt: testNow.toISOString(), courseId: course });
      await k.updateTable('shop_order').set({ email }).where('id', '=', guestOrder.id).execute();
      const accounts = async () =>
        (await k.selectFrom('customer').select('email').where('email', 'in', [email, verifiedEmail]).execute()).map(
          (row) => row.email,
        );
      await run(ctx, 'retention-unverified-accounts', at((retention.unverifiedAccountDays - 1) * day));
      expect((await accounts()).sort()).toEqual([email, verifiedEmail].sort());
      await run(ctx, 'retention-unverified-accounts', at(retention.unverifiedAccountDays * day));
      expect(await accounts()).toEqual([verifiedEmail]);
      expect((await orderState(ctx, guestOrder.id)).order.email).toBe(email);
    });

    it('used and expired privacy links, and expired undo links, go', async () => {
      const k = ctx.db.kysely;
      const email = `${uniqueName('link').toLowerCase()}@example.org`;
      const link = (hash: string, expires: Date, used: string | null) => ({
        token_hash: hash,
        email,
        locale: 'de',
        created_at: testNow.toISOString(),
        expires_at: expires.toISOString(),
        used_at: used,
      });
      await k
        .insertInto('privacy_link')
        .values([
          link(uniqueName('a'), at(day), null),
          link(uniqueName('b'), at(-1), null),
          link(uniqueName('c'), at(day), testNow.toISOString()),
        ])
        .execute();
      expect(await run(ctx, 'retention-links', testNow)).toBeGreaterThanOrEqual(2);
      expect(await k.selectFrom('privacy_link').select('id').where('email', '=', email).execute()).toHaveLength(1);
    });

    it('blanking who declared a withdrawal is the one change a declaration allows', async () => {
      const k = ctx.db.kysely;
      const { id } = await k
        .insertInto('withdrawal_declaration')
        .values({
          received_at: testNow.toISOString(),
          name: 'Wer Auch',
          order_number: 'X-9',
          email: 'wer@example.org',
          positions: '[]',
          locale: 'de',
          customer_id: 7,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expect(
        k.updateTable('withdrawal_declaration').set({ name: 'Anders' }).where('id', '=', id).execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        k.updateTable('withdrawal_declaration').set({ name: '', order_number: 'Y' }).where('id', '=', id).execute(),
      ).rejects.toThrow(/append-only/);
      await expect(k.deleteFrom('withdrawal_declaration').where('id', '=', id).execute()).rejects.toThrow(
        /append-only/,
      );
      await k
        .updateTable('withdrawal_declaration')
        .set({ name: '', email: '', customer_id: null })
        .where('id', '=', id)
        .execute();
      expect(
        await k
          .selectFrom('withdrawal_declaration')
          .select(['name', 'email', 'order_number'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ name: '', email: '', order_number: 'X-9' });
    });

    describe('as jobs', () => {
      it('each rule runs as a job of its own, claimed by one process at a time, on the shop clock', async () => {
        const course = await insertCourse(ctx, '2014-03-01', '2014-04-01');
        const order = await insertOrder(ctx, { createdAt: '2014-06-01T12:00:00.000Z', courseId: course });
        const apps = [0, 1].map(() => buildApp({ db: ctx.db, now: () => testNow, retentionIntervalMs: 60_000 }));
        await Promise.all(apps.map((app) => app.ready()));
        try {
          for (let attempt = 0; attempt < 200; attempt++) {
            const done = await ctx.db.kysely
              .selectFrom('job_schedule')
              .select('name')
              .where('name', 'like', 'retention-%')
              .where('last_finished_at', 'is not', null)
              .execute();
            if (done.length === retentionRules.length) break;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
          const jobs = await ctx.db.kysely
            .selectFrom('job_schedule')
            .select(['name', 'last_error'])
            .where('name', 'like', 'retention-%')
            .orderBy('name')
            .execute();
          expect(jobs).toEqual(
            retentionRules
              .map((r) => ({ name: r.name, last_error: null }))
              .sort((a, b) => a.name.localeCompare(b.name)),
          );
          expect((await orderState(ctx, order.id)).order.email).toBe('');
        } finally {
          await Promise.all(apps.map((app) => app.close()));
        }
      });
    });
  },
  { seed: false },
);
