import { centsToEuros } from '@shop/shared/money';
import { CourseType } from '@shop/shared/contract';
import { expect } from 'vitest';
import { addDays } from '../../lib/dates.ts';
import { testToday, type TestContext } from '../../test/databases.ts';
import { client } from '../customer/test-support.ts';

/** A course made for one test, so its free places are that test's alone. */
export async function insertCourse(
  ctx: TestContext,
  {
    type = CourseType.fullCourse,
    free = 5,
    priceCents = 28900,
  }: { type?: number; free?: number; priceCents?: number } = {},
) {
  const row = await ctx.db.kysely
    .insertInto('course')
    .values({
      type,
      identifier: `ORDER-TEST-${Math.random().toString(36).slice(2, 8)}`,
      start_date: addDays(testToday, 20),
      start_time: '18:00',
      end_date: addDays(testToday, 48),
      end_time: '19:30',
      registration_deadline: addDays(testToday, 10),
      max_participants: 10,
      free_places: free,
      price_cents: priceCents,
      discounted_price_cents: null,
      flexible_learning_course_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.kysely
    .insertInto('course_text')
    .values({ course_id: row.id, language: 'de', title: 'Spanisch Testkurs', pretitle: '', short: '' })
    .execute();
  return { id: row.id, type, priceCents };
}

export const billing = {
  firstname: 'Ana',
  lastname: 'García',
  addressLine1: 'Hauptstr. 1',
  addressLine2: '',
  city: 'Berlin',
  zip: '10115',
  country: 'DE',
  phone: '',
  birthYear: '',
};
export const participant = (n: number) => ({
  firstname: `Teil${n}`,
  lastname: 'Nehmer',
  email: `teil${n}@example.org`,
  phone: '',
  birthYear: '',
});

/**
 * An order request for one course (participants follow the quantity). It expects the full price of the places
 * (the course's `priceCents`, 0 without); pass `expectedTotalPrice` when codes, credits or other items change it.
 */
export function courseOrder(
  course: { id: number; type: number; priceCents?: number },
  quantity = 1,
  over: Record<string, unknown> = {},
) {
  return {
    courses: [
      {
        courseId: course.id,
        courseType: course.type,
        quantity,
        participants: Array.from({ length: quantity }, (_, i) => participant(i + 1)),
      },
    ],
    expectedTotalPrice: centsToEuros((course.priceCents ?? 0) * quantity),
    billingAddress: billing,
    selectedPaymentMethod: 'creditcard',
    emailAddress: 'gast@example.org',
    locale: 'de',
    timezone: 'Europe/Berlin',
    ...over,
  };
}

/** Gives the customer with `email` stored conversation-hour credits, valid through 2026. */
export async function grantConversationHours(ctx: TestContext, email: string, hours: number) {
  const customer = await ctx.db.kysely
    .selectFrom('customer')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await ctx.db.kysely
    .insertInto('customer_balance')
    .values({
      customer_id: customer.id,
      type_id: CourseType.conversationHours,
      balance: hours,
      valid_from: '2026-01-01T00:00:00.000Z',
      valid_until: '2027-01-01T00:00:00.000Z',
      order_id: null,
    })
    .execute();
}

export const freePlaces = async (ctx: TestContext, courseId: number) =>
  (await ctx.db.kysely.selectFrom('course').select('free_places').where('id', '=', courseId).executeTakeFirstOrThrow())
    .free_places;

export const orderCount = async (ctx: TestContext) =>
  Number(
    (
      await ctx.db.kysely
        .selectFrom('shop_order')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function orderByNumber(ctx: TestContext, incrementId: string) {
  return ctx.db.kysely
    .selectFrom('shop_order')
    .selectAll()
    .where('increment_id', '=', incrementId)
    .executeTakeFirstOrThrow();
}

export async function paymentOf(ctx: TestContext, orderId: number) {
  return ctx.db.kysely.selectFrom('payment').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

/**
 * A guest's order of `quantity` places of a fresh course (`free` places at `priceCents`), submitted as the checkout
 * does and waiting for its payment; returns what the payment tests look at. `discountCents` is what the
 * `discountCodes` take off the total the buyer is shown.
 */
export async function pendingOrder(
  ctx: TestContext,
  {
    free = 5,
    quantity = 2,
    priceCents = 28900,
    email = `gast.${Math.random().toString(36).slice(2)}@example.org`,
    locale = 'de',
    method = 'creditcard',
    discountCodes = [] as string[],
    discountCents = 0,
  } = {},
) {
  const course = await insertCourse(ctx, { free, priceCents });
  const reply = await client(ctx).post(
    '/api/cart/submit',
    courseOrder(course, quantity, {
      emailAddress: email,
      locale,
      selectedPaymentMethod: method,
      discountCodes,
      expectedTotalPrice: centsToEuros(priceCents * quantity - discountCents),
    }),
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const order = await orderByNumber(ctx, reply.body.result.incrementId);
  const payment = await paymentOf(ctx, order.id);
  return {
    course,
    order,
    payment,
    email,
    providerId: payment.transaction_id!,
    link: reply.body.result.paymentLink as string,
  };
}

/** An order's status as stored. */
export async function orderStatus(ctx: TestContext, orderId: number) {
  return (
    await ctx.db.kysely.selectFrom('shop_order').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()
  ).status;
}

/** Presses a button on the sandbox page the way the browser does (an urlencoded form post). */
export async function choose(ctx: TestContext, providerPaymentId: string, outcome: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${providerPaymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(response.statusCode, response.body).toBe(303);
  return response.headers.location as string;
}

export async function webhook(ctx: TestContext, body: unknown) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    payload: body as object,
  });
  return { status: response.statusCode, body: response.json() as any };
}
