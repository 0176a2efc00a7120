import { QuantityAdjustmentReason, waitlistMaxEntriesPerAddress } from '@shop/shared/contract';
import { beforeEach, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.ts';
import { createJobRunner } from '../../jobs/runner.ts';
import { createMailer } from '../../mail/mailer.ts';
import { describeEachDatabase, type TestContext } from '../../test/databases.ts';
import {
  cheapHashing,
  client,
  linkIn,
  mailsTo,
  movableClock,
  newEmail,
  verifiedCustomer,
} from '../customer/test-support.ts';
import { courseOrder, freePlaces, insertCourse } from '../order/test-support.ts';
import { schoolIdentityCache } from '../school/identity.ts';
import { courseForMail } from './course.ts';
import { joinWaitlist } from './entries.ts';
import { sendWaitlistJoinedMail } from './mails.ts';
import { runWaitlistOffers } from './offers.ts';

const offerSeconds = 3600;
const clock = movableClock();

/** What the interval starter hands runWaitlistOffers, on the test's database and clock. */
function runContext(ctx: TestContext): AppContext {
  return {
    db: ctx.db,
    now: clock.now,
    mailer: createMailer({ smtpUrl: null, from: 'test@example.org' }),
    jobs: createJobRunner({ db: ctx.db.kysely, log: ctx.app.log }),
    shopUrl: 'https://shop.test',
    paymentHoldSeconds: 1800,
    unpaidHoldPlaces: 10,
    mode: 'development',
    waitlistOfferSeconds: offerSeconds,
    schoolIdentity: schoolIdentityCache(ctx.db.kysely, () => 0),
  };
}

const statuses = async (ctx: TestContext, courseId: number) =>
  (
    await ctx.db.kysely
      .selectFrom('waitlist_entry')
      .select(['email', 'status'])
      .where('course_id', '=', courseId)
      .orderBy('id')
      .execute()
  ).map((row) => row.status);

/** `count` people waiting for `courseId`, joined in order (directly: the HTTP join is rate-limited per client). */
async function queue(ctx: TestContext, courseId: number, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => newEmail(`wartend${i}`));
  for (const email of emails)
    await joinWaitlist(ctx.db.kysely, { courseId, email, customerId: null, locale: 'de', now: clock.now() });
  return emails;
}

const setFreePlaces = (ctx: TestContext, courseId: number, free: number) =>
  ctx.db.kysely.updateTable('course').set({ free_places: free }).where('id', '=', courseId).execute();

describeEachDatabase(
  'waitlist',
  (ctx) => {
    beforeEach(() => clock.reset());

    it('a guest joins a full course with an address, sees the position and gets a mail with the link to leave', async () => {
      const course = await insertCourse(ctx, { free: 0 });
      const guest = client(ctx);
      const [first, second] = [newEmail('erste'), newEmail('zweite')];
      const joined = await guest.post('/api/waitlist/join', { courseId: course.id, email: first, locale: 'es' });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      expect(joined.body.result).toEqual({ position: 1, alreadyOnList: false });
      expect((await guest.post('/api/waitlist/join', { courseId: course.id, email: second })).body.result).toEqual({
        position: 2,
        alreadyOnList: false,
      });
      // One entry per address and course. Joining again is answered as a first join would be (behind everybody
      // else), so a guest learns nothing about the address; its owner gets the real place by mail.
      expect(
        (await guest.post('/api/waitlist/join', { courseId: course.id, email: first.toUpperCase(), locale: 'es' })).body
          .result,
      ).toEqual({ position: 2, alreadyOnList: false });
      expect(await statuses(ctx, course.id)).toEqual(['waiting', 'waiting']);

      const [notice, mail, ...more] = await mailsTo(ctx, first, { atLeast: 2 });
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Lista de espera: Spanisch Testkurs');
      expect(mail!.text).toContain('Tu posición en la lista de espera: 1');
      expect(linkIn(mail!).path).toBe('/waitlist/leave');
      expect(notice!.subject).toBe('Tu dirección ya está en la lista de espera: Spanisch Testkurs');
      expect(notice!.text).toContain('Tu posición en la lista de espera: 1');
    });

    it('joining and its mail are one transaction: a failure after the mail was queued leaves neither', async () => {
      const course = await insertCourse(ctx, { free: 0 });
      const email = newEmail('zurueckgerollt');
      const join = (failAfterMail: boolean) =>
        joinWaitlist(ctx.db.kysely, {
          courseId: course.id,
          email,
          customerId: null,
          locale: 'de',
          now: clock.now(),
          onJoined: async (trx, joined) => {
            const mailCourse = (await courseForMail(trx, course.id, 'de'))!;
            await sendWaitlistJoinedMail(
              runContext(ctx),
              {
                to: email,
                language: 'de',
                course: mailCourse,
                position: joined.position,
                leaveToken: joined.leaveToken,
              },
              trx,
            );
            if (failAfterMail) throw new Error('failed after queueing the mail');
          },
        });
      await expect(join(true)).rejects.toThrow(/after queueing/);
      expect(await statuses(ctx, course.id)).toEqual([]);
      expect(await mailsTo(ctx, email)).toEqual([]);
      expect(await join(false)).toMatchObject({ joined: true, position: 1 });
      expect(await mailsTo(ctx, email)).toHaveLength(1);
    });

    it('a logged-in customer joins with the account address; a guest must name one', async () => {
      const course = await insertCourse(ctx, { free: 0 });
      const c = client(ctx);
      const account = await verifiedCustomer(ctx, c);
      const joined = await c.post('/api/waitlist/join', { courseId: course.id }, account.token);
      expect(joined.body.result).toEqual({ position: 1, alreadyOnList: false });
      expect((await mailsTo(ctx, account.email, { atLeast: 2 }))[0]!.subject).toBe('Warteliste: Spanisch Testkurs');

      const anonymous = await client(ctx).post('/api/waitlist/join', { courseId: course.id });
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.error).toMatchObject({ code: 'WAITLIST_EMAIL_REQUIRED', fields: { email: 'required' } });
      const bad = await client(ctx).post('/api/waitlist/join', { courseId: course.id, email: 'kein-at' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toHaveProperty('email');
    });

    it('refuses courses with free places and unknown courses; a guest beyond the cap is added nowhere', async () => {
      const guest = client(ctx);
      const open = await insertCourse(ctx, { free: 2 });
      expect((await guest.post('/api/waitlist/join', { courseId: open.id, email: newEmail() })).body.error.code).toBe(
        'WAITLIST_COURSE_NOT_FULL',
      );
      expect((await guest.post('/api/waitlist/join', { courseId: 2_000_000_000, email: newEmail() })).status).toBe(404);

      const email = newEmail('viele');
      for (let i = 0; i < waitlistMaxEntriesPerAddress; i++) {
        const course = await insertCourse(ctx, { free: 0 });
        expect((await guest.post('/api/waitlist/join', { courseId: course.id, email })).status).toBe(200);
      }
      const oneMore = await insertCourse(ctx, { free: 0 });
      // Answered like any first join (a guest must not learn that the address waits elsewhere); its owner is told
      // by mail why it was not added (enumeration.test.ts).
      const refused = await guest.post('/api/waitlist/join', { courseId: oneMore.id, email });
      expect(refused.status).toBe(200);
      expect(refused.body.result).toEqual({ position: 1, alreadyOnList: false });
      expect(await statuses(ctx, oneMore.id)).toEqual([]);
    });

    it('limits joining per address (rate limit)', async () => {
      const email = newEmail('oft');
      const course = await insertCourse(ctx, { free: 0 });
      // Each attempt counts, answered or not: ten per hour, from any client.
      for (let i = 0; i < 10; i++)
        expect((await client(ctx).post('/api/waitlist/join', { courseId: course.id, email })).status).toBe(200);
      const limited = await client(ctx).post('/api/waitlist/join', { courseId: course.id, email });
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it("a logged-in customer's joins count for the account's address, not for an address put in the body", async () => {
      const course = await insertCourse(ctx, { free: 0 });
      const c = client(ctx);
      const { token } = await verifiedCustomer(ctx, c);
      const stranger = newEmail('fremd');
      // The body's address is not used for the customer's join, so it must not use up the stranger's attempts.
      for (let i = 0; i < 10; i++)
        expect((await c.post('/api/waitlist/join', { courseId: course.id, email: stranger }, token)).status).toBe(200);
      expect((await client(ctx).post('/api/waitlist/join', { courseId: course.id, email: stranger })).status).toBe(200);
    });

    it('ten places freed while fifty wait: exactly ten offers, to the first ten, even with two runs at once', async () => {
      const course = await insertCourse(ctx, { free: 0 });
      const emails = await queue(ctx, course.id, 50);
      await setFreePlaces(ctx, course.id, 10);

      const runs = await Promise.all([runWaitlistOffers(runContext(ctx)), runWaitlistOffers(runContext(ctx))]);
      expect(runs[0]!.offered + runs[1]!.offered).toBe(10);
      expect(await statuses(ctx, course.id)).toEqual([...Array(10).fill('offered'), ...Array(40).fill('waiting')]);
      // The offers hold the places: nobody else sees them free.
      expect(await freePlaces(ctx, course.id)).toBe(0);
      for (const email of emails.slice(0, 10)) {
        const mails = await mailsTo(ctx, email, { atLeast: 1 });
        expect(mails.map((m) => m.subject)).toEqual(['Ein Platz ist frei: Spanisch Testkurs']);
        expect(linkIn(mails[0]!).path).toBe('/waitlist/offer');
      }
      expect(await mailsTo(ctx, emails[10]!)).toEqual([]);
      // Nothing left to offer: a further run changes nothing.
      expect(await runWaitlistOffers(runContext(ctx))).toEqual({ expired: 0, offered: 0 });
    });

    it('an unclaimed offer expires and its place passes to the next person', async () => {
      const course = await insertCourse(ctx, { free: 0 });
      const [first, second, third] = await queue(ctx, course.id, 3);
      await setFreePlaces(ctx, course.id, 1);
      await runWaitlistOffers(runContext(ctx));
      expect(await statuses(ctx, course.id)).toEqual(['offered', 'waiting', 'waiting']);

      clock.advance(offerSeconds * 1000 - 1000);
      await runWaitlistOffers(runContext(ctx));
      expect(await statuses(ctx, course.id)).toEqual(['offered', 'waiting', 'waiting']);
      clock.advance(1000);
      // Earlier tests' offers expire in these runs as well; this course's statuses tell what happened here.
      await Promise.all([runWaitlistOffers(runContext(ctx)), runWaitlistOffers(runContext(ctx))]);
      expect(await statuses(ctx, course.id)).toEqual(['expired', 'offered', 'waiting']);
      expect(await freePlaces(ctx, course.id)).toBe(0);
      expect((await mailsTo(ctx, first!, { atLeast: 2 })).map((m) => m.subject)).toEqual([
        'Ihr reservierter Platz ist abgelaufen: Spanisch Testkurs',
        'Ein Platz ist frei: Spanisch Testkurs',
      ]);
      expect((await mailsTo(ctx, second!, { atLeast: 1 }))[0]!.subject).toBe('Ein Platz ist frei: Spanisch Testkurs');
      expect(await mailsTo(ctx, third!)).toEqual([]);
    });

    it('the held place is taken for everybody but the holder, whose link books it once', async () => {
      const course = await insertCourse(ctx, { free: 0 });
      const [holder] = await queue(ctx, course.id, 2);
      await setFreePlaces(ctx, course.id, 1);
      await runWaitlistOffers(runContext(ctx));
      const { token } = linkIn((await mailsTo(ctx, holder!, { atLeast: 1 }))[0]!);

      const offer = await client(ctx).post('/api/waitlist/offer', { token });
      expect(offer.status).toBe(200);
      expect(offer.body.result).toMatchObject({
        course: { id: course.id, freePlaces: 0 },
        expiresAt: new Date(clock.now().getTime() + offerSeconds * 1000).toISOString(),
      });

      // The catalogue and everybody else's cart see the course full.
      const listed = await client(ctx).get(`/api/course/search?startDate=2026-01-01&limit=100`);
      expect(listed.body.result.items.find((c: { id: number }) => c.id === course.id).freePlaces).toBe(0);
      const line = { courseId: course.id, courseType: course.type, quantity: 1 };
      const stranger = await client(ctx).post('/api/cart/validate', { courses: [line] });
      expect(stranger.body.result.quantityAdjustments).toMatchObject([
        { reason: QuantityAdjustmentReason.courseFullyBooked },
      ]);
      expect((await client(ctx).post('/api/cart/submit', courseOrder(course, 1))).status).toBe(409);
      // A made-up token holds nothing.
      const forged = await client(ctx).post('/api/cart/validate', {
        courses: [{ ...line, offerToken: 'x'.repeat(43) }],
      });
      expect(forged.body.result.quantityAdjustments).toHaveLength(1);

      // The holder's cart sees the place, and the submit uses it.
      const own = await client(ctx).post('/api/cart/validate', { courses: [{ ...line, offerToken: token }] });
      expect(own.body.result.quantityAdjustments).toEqual([]);
      const order = courseOrder(course, 1);
      order.courses[0] = { ...order.courses[0]!, offerToken: token } as (typeof order.courses)[number];
      const booked = await client(ctx).post('/api/cart/submit', { ...order, emailAddress: holder });
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      expect(await freePlaces(ctx, course.id)).toBe(0);
      expect(await statuses(ctx, course.id)).toEqual(['claimed', 'waiting']);
      // Used once: the same link neither shows an offer nor books a second place.
      expect((await client(ctx).post('/api/waitlist/offer', { token })).body.error.code).toBe('WAITLIST_OFFER_GONE');
      expect((await client(ctx).post('/api/cart/submit', { ...order, emailAddress: holder })).status).toBe(409);
    });

    it('a customer who waits with the account follows its change of address: offer and expiry go to the new one', async () => {
      const course = await insertCourse(ctx, { free: 0 });
      const c = client(ctx);
      const account = await verifiedCustomer(ctx, c);
      expect((await c.post('/api/waitlist/join', { courseId: course.id }, account.token)).status).toBe(200);
      const moved = newEmail('umgezogen');
      expect((await c.put('/api/customer/me/update', { email: moved }, account.token)).status).toBe(200);
      const confirm = linkIn((await mailsTo(ctx, moved, { atLeast: 1 }))[0]!);
      expect(
        (await c.post('/api/customer/verify-email-change', { token: confirm.token, email: moved }, account.token))
          .status,
      ).toBe(200);
      const oldAddressMails = (await mailsTo(ctx, account.email)).length;
      // Still one entry: joining again with the account finds it.
      expect((await c.post('/api/waitlist/join', { courseId: course.id }, account.token)).body.result).toEqual({
        position: 1,
        alreadyOnList: true,
      });

      await setFreePlaces(ctx, course.id, 1);
      await runWaitlistOffers(runContext(ctx));
      clock.advance(offerSeconds * 1000);
      await runWaitlistOffers(runContext(ctx));
      // The old address was told it gets no more mail about the account; the offer's link books the held place.
      expect((await mailsTo(ctx, moved, { atLeast: 3 })).map((m) => m.subject)).toEqual([
        'Ihr reservierter Platz ist abgelaufen: Spanisch Testkurs',
        'Ein Platz ist frei: Spanisch Testkurs',
        'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
      ]);
      expect(await mailsTo(ctx, account.email)).toHaveLength(oldAddressMails);
    });

    it('the link in every mail leaves the list; leaving with an offer passes the place on', async () => {
      const course = await insertCourse(ctx, { free: 0 });
      const guest = client(ctx);
      const [a, b, c] = [newEmail('a'), newEmail('b'), newEmail('c')];
      for (const email of [a, b, c]) await guest.post('/api/waitlist/join', { courseId: course.id, email });

      const { token: leaveA } = linkIn((await mailsTo(ctx, a, { atLeast: 1 }))[0]!);
      const left = await guest.post('/api/waitlist/leave', { token: leaveA });
      expect(left.body.result).toEqual({ left: true, courseTitle: 'Spanisch Testkurs' });
      expect((await guest.post('/api/waitlist/leave', { token: leaveA })).status).toBe(200);
      // B moves up (joining again, B's inbox is told the place).
      expect((await guest.post('/api/waitlist/join', { courseId: course.id, email: b })).status).toBe(200);
      expect((await mailsTo(ctx, b, { atLeast: 2 }))[0]!.text).toContain('Ihr Platz auf der Warteliste: 1');

      await setFreePlaces(ctx, course.id, 1);
      await runWaitlistOffers(runContext(ctx));
      const offerMail = (await mailsTo(ctx, b, { atLeast: 3 }))[0]!;
      const leaveLink = /https:\/\/shop\.test\/waitlist\/leave\?token=([\w-]+)/.exec(offerMail.text);
      expect(leaveLink).not.toBeNull();
      expect((await guest.post('/api/waitlist/leave', { token: leaveLink![1] })).status).toBe(200);
      expect(await freePlaces(ctx, course.id)).toBe(1);
      await runWaitlistOffers(runContext(ctx));
      expect(await statuses(ctx, course.id)).toEqual(['left', 'left', 'offered']);

      expect((await guest.post('/api/waitlist/leave', { token: 'y'.repeat(43) })).status).toBe(404);
      expect((await guest.post('/api/waitlist/leave', { token: 'kurz' })).status).toBe(400);
    });
  },
  {
    seed: false,
    app: {
      passwordHashing: cheapHashing,
      now: clock.now,
      shopUrl: 'https://shop.test',
      waitlistOfferSeconds: offerSeconds,
    },
  },
);
