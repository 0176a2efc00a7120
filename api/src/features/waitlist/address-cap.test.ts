import { waitlistMaxEntriesPerAddress } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { addDays } from '../../lib/dates.ts';
import { describeEachDatabase, testToday } from '../../test/databases.ts';
import { cheapHashing, client, newEmail } from '../customer/test-support.ts';
import { insertCourse } from '../order/test-support.ts';

/** The cap of active waitlist entries per address (docs/decisions/0012-waitlist.md) under hostile use. */
describeEachDatabase(
  'waitlist: entries per address',
  (ctx) => {
    const activeEntriesOf = async (email: string) =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom('waitlist_entry')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('email', '=', email)
            .where('status', 'in', ['waiting', 'offered'])
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('parallel joins of one address for many full courses stay within the cap', async () => {
      const courses = [];
      for (let i = 0; i < 2 * waitlistMaxEntriesPerAddress; i++) courses.push(await insertCourse(ctx, { free: 0 }));
      const email = newEmail('parallel');
      const guest = client(ctx);
      // All at once: each join counted the address's entries before any of them had added its own.
      const replies = await Promise.all(
        courses.map((course) => guest.post('/api/waitlist/join', { courseId: course.id, email })),
      );
      // A guest is answered alike either way (docs/product-rules.md#a-guests-join-tells-nothing).
      for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(await activeEntriesOf(email)).toBe(waitlistMaxEntriesPerAddress);
    });

    it('entries of courses whose registration has closed no longer count: they can never get an offer', async () => {
      const email = newEmail('geschlossen');
      const guest = client(ctx);
      const closed = [];
      for (let i = 0; i < waitlistMaxEntriesPerAddress; i++) {
        const course = await insertCourse(ctx, { free: 0 });
        expect((await guest.post('/api/waitlist/join', { courseId: course.id, email })).status).toBe(200);
        closed.push(course.id);
      }
      // Their registration deadlines pass while the address still waits (nothing ends such an entry).
      await ctx.db.kysely
        .updateTable('course')
        .set({ registration_deadline: addDays(testToday, -1) })
        .where('id', 'in', closed)
        .execute();
      const open = await insertCourse(ctx, { free: 0 });
      const joined = await guest.post('/api/waitlist/join', { courseId: open.id, email });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      expect(joined.body.result).toEqual({ position: 1, alreadyOnList: false });
    });
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
