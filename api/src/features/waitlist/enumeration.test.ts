import { waitlistMaxEntriesPerAddress } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { addDays } from '../../lib/dates.ts';
import { describeEachDatabase, testNow, testToday, type TestContext } from '../../test/databases.ts';
import { cheapHashing, client, mailsTo, newEmail, settle, verifiedCustomer } from '../customer/test-support.ts';
import { insertCourse } from '../order/test-support.ts';
import { joinWaitlist } from './entries.ts';
import { waitlistRateLimits } from './rate-limits.ts';

/**
 * A guest's join must not tell whether the address already waits, nor where (docs/decisions/0074-waitlist-join-
 * tells-nothing-about-the-address.md): answered as a first join would be, the address's owner learns the rest by mail.
 */

/** `emails` waiting for `courseId`, joined in order (directly: the HTTP join is rate-limited per client). */
async function queue(ctx: TestContext, courseId: number, emails: string[]): Promise<void> {
  for (const email of emails)
    await joinWaitlist(ctx.db.kysely, { courseId, email, customerId: null, locale: 'de', now: testNow });
}

const activeEntries = async (ctx: TestContext, email: string) =>
  ctx.db.kysely
    .selectFrom('waitlist_entry')
    .select(['course_id', 'status'])
    .where('email', '=', email)
    .where('status', 'in', ['waiting', 'offered'])
    .execute();

/** A guest's join from a client of its own (the per-client limit is not what these tests are about). */
const join =
  (courseId: number, email: string, locale = 'de') =>
  (ctx: TestContext) =>
    client(ctx).post('/api/waitlist/join', { courseId, email, locale });

describeEachDatabase(
  'waitlist: a guest learns nothing about an address by joining with it',
  (ctx) => {
    it('joining with an address that already waits answers exactly as for one that does not', async () => {
      const [before, after, person] = [newEmail('vorne'), newEmail('hinten'), newEmail('person')];
      // Two full courses with the same people waiting; in the first, the person waits between them already.
      const waitsAlready = await insertCourse(ctx, { free: 0 });
      const waitsNot = await insertCourse(ctx, { free: 0 });
      await queue(ctx, waitsAlready.id, [before, person, after]);
      await queue(ctx, waitsNot.id, [before, after]);

      const again = await join(waitsAlready.id, person)(ctx);
      const first = await join(waitsNot.id, person)(ctx);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toEqual({ result: { position: 3, alreadyOnList: false } });
      expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
      // And joining once more tells no more: the address is on both lists now, and both answer alike.
      const thirdTime = await join(waitsNot.id, person)(ctx);
      expect({ status: thirdTime.status, body: thirdTime.body }).toEqual({ status: first.status, body: first.body });

      // Still one entry per course; the person learns the real place by mail, from the first course's notice.
      expect((await activeEntries(ctx, person)).map((e) => e.course_id).sort((a, b) => a - b)).toEqual(
        [waitsAlready.id, waitsNot.id].sort((a, b) => a - b),
      );
      const mails = await mailsTo(ctx, person, { atLeast: 3 });
      const notices = mails.filter((m) => m.subject === 'Sie stehen bereits auf der Warteliste: Spanisch Testkurs');
      expect(notices).toHaveLength(2);
      const joined = mails.filter((m) => m.subject === 'Warteliste: Spanisch Testkurs');
      expect(joined).toHaveLength(1);
      expect(joined[0]!.text).toContain('Ihr Platz auf der Warteliste: 3');
      // Newest first: the second notice is about the course just joined (place 3), the first about place 2.
      expect(notices[1]!.text).toContain('Ihr Platz auf der Warteliste: 2');
      expect(notices[0]!.text).toContain('Ihr Platz auf der Warteliste: 3');
      for (const notice of notices) expect(notice.text).not.toMatch(/token=/);
    });

    it('an address holding an offered place is answered alike too; its notice says until when the place is held', async () => {
      const [holder, next] = [newEmail('inhaber'), newEmail('naechste')];
      const course = await insertCourse(ctx, { free: 0 });
      const twin = await insertCourse(ctx, { free: 0 });
      await queue(ctx, course.id, [holder, next]);
      await queue(ctx, twin.id, [next]);
      await ctx.db.kysely
        .updateTable('waitlist_entry')
        .set({ status: 'offered', offer_expires_at: '2026-01-16T09:00:00.000Z' })
        .where('course_id', '=', course.id)
        .where('email', '=', holder)
        .execute();

      const again = await join(course.id, holder)(ctx);
      const stranger = await join(twin.id, newEmail('fremd'))(ctx);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(stranger.body);
      const [notice] = await mailsTo(ctx, holder, { atLeast: 1 });
      expect(notice!.subject).toBe('Sie stehen bereits auf der Warteliste: Spanisch Testkurs');
      expect(notice!.text).toContain('16.01.2026 10:00');
    });

    it(`an address at the cap of ${waitlistMaxEntriesPerAddress} entries gets a first join's answer and a mail saying why it was not added`, async () => {
      const person = newEmail('voll');
      for (let i = 0; i < waitlistMaxEntriesPerAddress; i++) {
        const course = await insertCourse(ctx, { free: 0 });
        await queue(ctx, course.id, [person]);
      }
      const [oneMore, twin] = [await insertCourse(ctx, { free: 0 }), await insertCourse(ctx, { free: 0 })];
      const other = newEmail('andere');
      await queue(ctx, oneMore.id, [other]);
      await queue(ctx, twin.id, [other]);

      const refused = await join(oneMore.id, person, 'en')(ctx);
      const stranger = await join(twin.id, newEmail('fremd'))(ctx);
      expect(refused.status, JSON.stringify(refused.body)).toBe(200);
      expect(refused.body).toEqual({ result: { position: 2, alreadyOnList: false } });
      expect(refused.body).toEqual(stranger.body);
      expect(await activeEntries(ctx, person)).toHaveLength(waitlistMaxEntriesPerAddress);
      const [mail, ...more] = await mailsTo(ctx, person, { atLeast: 1 });
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Not added to the waitlist: Spanisch Testkurs');
      expect(mail!.text).toContain(`${waitlistMaxEntriesPerAddress} waitlists`);
    });

    it("what only the course decides is answered alike for every address: a full list's own place comes second", async () => {
      const person = newEmail('wartet');
      const course = await insertCourse(ctx, { free: 0 });
      await queue(ctx, course.id, [person]);
      // A place came back and the waitlist's run has not offered it yet: anybody is told to book it.
      await ctx.db.kysely.updateTable('course').set({ free_places: 1 }).where('id', '=', course.id).execute();
      for (const email of [person, newEmail('fremd')]) {
        const reply = await join(course.id, email)(ctx);
        expect(reply.status).toBe(409);
        expect(reply.body.error.code).toBe('WAITLIST_COURSE_NOT_FULL');
      }
      await ctx.db.kysely
        .updateTable('course')
        .set({ free_places: 0, registration_deadline: addDays(testToday, -1) })
        .where('id', '=', course.id)
        .execute();
      for (const email of [person, newEmail('fremd')]) {
        const reply = await join(course.id, email)(ctx);
        expect(reply.status).toBe(409);
        expect(reply.body.error.code).toBe('WAITLIST_COURSE_CLOSED');
      }
    });

    it(`mails one inbox at most ${waitlistRateLimits.notice.perAddress.max} such notices an hour; the answers do not change`, async () => {
      const person = newEmail('oft');
      const [name, domain] = person.split('@');
      // An alias of the same inbox waits too: aliases share the inbox's count (docs/product-rules.md#mail-limits-per-inbox).
      const alias = `${name}+kurs@${domain}`;
      const course = await insertCourse(ctx, { free: 0 });
      await queue(ctx, course.id, [person, alias]);
      const replies = [];
      for (let i = 0; i < waitlistRateLimits.notice.perAddress.max + 3; i++)
        replies.push(await join(course.id, i % 2 === 0 ? person : alias)(ctx));
      // Each is answered as if the address were new: behind the one other person waiting.
      for (const reply of replies)
        expect({ status: reply.status, body: reply.body }).toEqual({
          status: 200,
          body: { result: { position: 2, alreadyOnList: false } },
        });
      await settle();
      const mails = [...(await mailsTo(ctx, person)), ...(await mailsTo(ctx, alias))];
      expect(mails).toHaveLength(waitlistRateLimits.notice.perAddress.max);
    });
  },
  { seed: false, app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);

describeEachDatabase(
  'waitlist: a logged-in customer still learns their own place',
  (ctx) => {
    it('joining again answers the position with alreadyOnList; beyond the cap the customer is told so', async () => {
      const c = client(ctx);
      const account = await verifiedCustomer(ctx, c);
      const course = await insertCourse(ctx, { free: 0 });
      await queue(ctx, course.id, [newEmail('vorne')]);
      expect((await c.post('/api/waitlist/join', { courseId: course.id }, account.token)).body.result).toEqual({
        position: 2,
        alreadyOnList: false,
      });
      expect((await c.post('/api/waitlist/join', { courseId: course.id }, account.token)).body.result).toEqual({
        position: 2,
        alreadyOnList: true,
      });
      for (let i = 1; i < waitlistMaxEntriesPerAddress; i++) {
        const full = await insertCourse(ctx, { free: 0 });
        expect((await c.post('/api/waitlist/join', { courseId: full.id }, account.token)).status).toBe(200);
      }
      const oneMore = await insertCourse(ctx, { free: 0 });
      const refused = await c.post('/api/waitlist/join', { courseId: oneMore.id }, account.token);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('WAITLIST_LIMIT_REACHED');
    });

    it("a guest naming a customer's address is answered as a guest; the notice goes where the entry's mails go", async () => {
      const c = client(ctx);
      const account = await verifiedCustomer(ctx, c);
      const course = await insertCourse(ctx, { free: 0 });
      const twin = await insertCourse(ctx, { free: 0 });
      expect((await c.post('/api/waitlist/join', { courseId: course.id }, account.token)).status).toBe(200);
      const moved = newEmail('umgezogen');
      expect((await c.put('/api/customer/me/update', { email: moved }, account.token)).status).toBe(200);
      const [confirm] = await mailsTo(ctx, moved, { atLeast: 1 });
      const token = /token=([\w-]+)/.exec(confirm!.text)![1];
      expect((await c.post('/api/customer/verify-email-change', { token, email: moved }, account.token)).status).toBe(
        200,
      );
      const oldAddressMails = (await mailsTo(ctx, account.email)).length;

      const guest = await join(course.id, account.email)(ctx);
      const stranger = await join(twin.id, newEmail('fremd'))(ctx);
      expect({ status: guest.status, body: guest.body }).toEqual({ status: stranger.status, body: stranger.body });
      const [notice] = await mailsTo(ctx, moved, { atLeast: 2 });
      expect(notice!.subject).toBe('Sie stehen bereits auf der Warteliste: Spanisch Testkurs');
      await settle();
      expect(await mailsTo(ctx, account.email)).toHaveLength(oldAddressMails);
    });
  },
  { seed: false, app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
