import { CourseType } from '@shop/shared/contract';
import { expect } from 'vitest';
import { addDays } from '../../lib/dates.ts';
import { testToday, type TestContext } from '../../test/databases.ts';
import { client, type Client, goodPassword, newEmail, verifiedCustomer } from '../customer/test-support.ts';
import {
  choose,
  courseOrder,
  grantConversationHours,
  insertCourse,
  orderByNumber,
  paymentOf,
} from '../order/test-support.ts';

let people = 0;
const letters = (n: number) =>
  Array.from(String(n * 7919 + (Date.now() % 100000)), (digit) => 'qwxzjkvbpy'[Number(digit)]).join('');

/** A name nobody else in the database has, so a search for it finds this person's rows only. */
export const uniqueName = (prefix: string) => `${prefix}${letters(++people)}`;

/** Moves a course so that it ran from `startOffset` to `endOffset` days from today. */
export async function moveCourse(ctx: TestContext, courseId: number, startOffset: number, endOffset: number) {
  await ctx.db.kysely
    .updateTable('course')
    .set({
      start_date: addDays(testToday, startOffset),
      end_date: addDays(testToday, endOffset),
      registration_deadline: addDays(testToday, startOffset - 1),
    })
    .where('id', '=', courseId)
    .execute();
}

/** Submits an order and pays it in the sandbox; the order's number. */
export async function paidOrder(ctx: TestContext, body: Record<string, unknown>, token?: string) {
  const reply = await client(ctx).post('/api/cart/submit', body, token);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const order = await orderByNumber(ctx, reply.body.result.incrementId);
  if (order.status !== 'paid') {
    const payment = await paymentOf(ctx, order.id);
    await choose(ctx, payment.transaction_id!, 'paid');
  }
  return order;
}

/**
 * A verified customer holding every kind of data the shop keeps: profile, billing address, a paid order for a
 * future course naming them and a friend, a booking paid with credits, the credits left, a guest order made with
 * the same address before registering, a place in somebody else's order of a course that is over, a level-test
 * result, a waitlist entry, a withdrawal declaration, a code use, consents, mails and sessions.
 */
export async function customerWithEverything(ctx: TestContext, c: Client = client(ctx)) {
  const firstname = uniqueName('Vorn');
  const lastname = uniqueName('Nach');
  const comment = uniqueName('Anmerkung');
  const phone = `+49 30 ${String(Date.now()).slice(-7)}`;
  const account = await verifiedCustomer(ctx, c, { firstname, lastname });
  const { email, token } = account;
  const k = ctx.db.kysely;
  const { id: customerId } = await k
    .selectFrom('customer')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await k.updateTable('customer').set({ phone, birth_year: '1990' }).where('id', '=', customerId).execute();
  const billingAddress = {
    firstname,
    lastname,
    addressLine1: 'Privatweg 7',
    addressLine2: '',
    city: 'Köln',
    zip: '50667',
    country: 'DE',
    phone,
    birthYear: '1990',
  };
  const saved = await c.post(
    '/api/customer/me/billing-address',
    { ...billingAddress, phone: undefined, birthYear: undefined },
    token,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);

  // A guest order with the same address, before the account existed.
  const earlier = await insertCourse(ctx, { free: 5, priceCents: 10000 });
  const guestOrder = await paidOrder(ctx, courseOrder(earlier, 1, { emailAddress: email, billingAddress, comment }));

  const friendEmail = newEmail('freundin');
  const course = await insertCourse(ctx, { free: 5, priceCents: 20000 });
  const order = await paidOrder(
    ctx,
    courseOrder(course, 2, {
      billingAddress,
      comment,
      marketingOptIn: true,
      courses: [
        {
          courseId: course.id,
          courseType: course.type,
          quantity: 2,
          participants: [
            { firstname, lastname, email, phone, birthYear: '1990' },
            { firstname: 'Frida', lastname: 'Freundin', email: friendEmail, phone: '', birthYear: '' },
          ],
        },
      ],
    }),
    token,
  );

  await grantConversationHours(ctx, email, 3);
  const hour = await insertCourse(ctx, { type: CourseType.conversationHours, free: 4, priceCents: 2500 });
  const creditOrder = await paidOrder(
    ctx,
    courseOrder(hour, 1, {
      selectedPaymentMethod: undefined,
      expectedTotalPrice: 0,
      billingAddress,
      courses: [
        {
          courseId: hour.id,
          courseType: hour.type,
          quantity: 1,
          participants: [{ firstname, lastname, email, phone: '', birthYear: '' }],
        },
      ],
    }),
    token,
  );

  // Somebody else booked a course for them, which is over.
  const other = await insertCourse(ctx, { free: 5, priceCents: 5000 });
  const othersOrder = await paidOrder(
    ctx,
    courseOrder(other, 1, {
      emailAddress: newEmail('jemand'),
      courses: [
        {
          courseId: other.id,
          courseType: other.type,
          quantity: 1,
          participants: [{ firstname, lastname, email, phone, birthYear: '' }],
        },
      ],
    }),
  );
  await moveCourse(ctx, other.id, -60, -40);

  const now = new Date().toISOString();
  await k
    .insertInto('exam_result')
    .values({
      customer_id: customerId,
      level: 'b1',
      reached_points: 17,
      max_points: 20,
      target_detail: 'B1.2',
      created_at: now,
    })
    .execute();
  const full = await insertCourse(ctx, { free: 0 });
  await k
    .insertInto('waitlist_entry')
    .values({
      course_id: full.id,
      email,
      customer_id: customerId,
      locale: 'de',
      status: 'waiting',
      leave_token_hash: uniqueName('hash'),
      offer_token_hash: null,
      offer_expires_at: null,
      created_at: now,
      ended_at: null,
    })
    .execute();
  await k
    .insertInto('withdrawal_declaration')
    .values({
      received_at: now,
      name: `${firstname} ${lastname}`,
      order_number: order.increment_id,
      email,
      positions: '[]',
      locale: 'de',
      customer_id: customerId,
    })
    .execute();
  const code = uniqueName('CODE').toUpperCase().slice(0, 20);
  const { id: codeId } = await k
    .insertInto('discount_code')
    .values({ code, percent_off: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('discount_code_usage')
    .values({ discount_code_id: codeId, customer_id: customerId, order_id: order.id, email, used_at: now })
    .execute();

  return {
    ...account,
    password: goodPassword,
    customerId,
    firstname,
    lastname,
    comment,
    phone,
    friendEmail,
    code,
    orders: { guest: guestOrder, course: order, credits: creditOrder, others: othersOrder },
    courses: { earlier, course, hour, other, full },
  };
}

/**
 * Every text column of every table holding `needle` (case-insensitive), as `table.column`, found through the
 * database's own catalogue, so a table added later is searched too.
 */
export async function columnsHolding(ctx: TestContext, needle: string): Promise<string[]> {
  const tables = await ctx.db.kysely.introspection.getTables();
  const found: string[] = [];
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    for (const column of table.columns) {
      if (!/text|char/i.test(column.dataType)) continue;
      const hit = await ctx.db.kysely
        .selectFrom(table.name as 'customer')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where((eb) => eb(eb.fn('lower', [eb.ref(column.name as 'email')]), 'like', `%${needle.toLowerCase()}%`))
        .executeTakeFirstOrThrow();
      if (Number(hit.n) > 0) found.push(`${table.name}.${column.name}`);
    }
  }
  return found.sort();
}
