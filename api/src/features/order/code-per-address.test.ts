import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { cheapHashing, client, newEmail, verifiedCustomer, type Client } from '../customer/test-support.ts';
import { choose, courseOrder, insertCourse, orderByNumber, orderCount, paymentOf } from './test-support.ts';

/**
 * Once-per-customer codes (WILLKOMMEN10) count every order of the buyer's address, guest orders included, in
 * both directions; the cart's price and the submit agree (docs/decisions/0006-charged-total.md).
 */
describeEachDatabase(
  'once-per-customer codes count the address, not only the account',
  (ctx) => {
    let browser: Client;
    beforeAll(() => {
      browser = client(ctx);
    });

    /** 289 € less 10 %: what a one-place order with WILLKOMMEN10 is shown and costs. */
    const withCode = 260.1;
    const order = async (over: Record<string, unknown>, token?: string) => {
      const course = await insertCourse(ctx, { free: 5 });
      // A browser of its own per order, as separate buyers would be.
      return client(ctx).post(
        '/api/cart/submit',
        courseOrder(course, 1, { discountCodes: ['WILLKOMMEN10'], expectedTotalPrice: withCode, ...over }),
        token,
      );
    };
    const codeStatus = async (token?: string) => {
      const course = await insertCourse(ctx, { free: 5 });
      const reply = await browser.post(
        '/api/cart/calculate-price',
        { courses: [{ courseId: course.id, courseType: course.type, quantity: 1 }], discountCodes: ['WILLKOMMEN10'] },
        token,
      );
      return reply.body.result.discountCodesProvided[0];
    };
    const expectRefusedCode = (reply: { status: number; body: any }) => {
      expect(reply.status, JSON.stringify(reply.body)).toBe(409);
      expect(reply.body.reasons).toContainEqual({
        reason: 'DISCOUNT_CODE_REJECTED',
        code: 'WILLKOMMEN10',
        message: 'Dieser Gutscheincode wurde bereits so oft wie möglich eingelöst.',
      });
      expect(reply.body.priceResult.totalPrice).toBe(289);
    };

    it('a customer used it: a guest giving the same address (another case) is refused, and nothing is created', async () => {
      const customer = await verifiedCustomer(ctx, client(ctx));
      expect((await order({}, customer.token)).status).toBe(200);
      expect((await codeStatus(customer.token)).status).toBe('invalid');
      const before = await orderCount(ctx);

      expectRefusedCode(await order({ emailAddress: `  ${customer.email.toUpperCase()}` }));
      expect(await orderCount(ctx)).toBe(before);
      // Another address is a buyer of its own.
      expect((await order({ emailAddress: newEmail('nachbar') })).status).toBe(200);
    });

    it('a guest used it: the customer with that address is refused, in the cart price and at submit', async () => {
      const email = newEmail('erst.gast');
      expect((await order({ emailAddress: email.toUpperCase() })).status).toBe(200);
      // The same guest again, too.
      expectRefusedCode(await order({ emailAddress: email }));

      const customer = await verifiedCustomer(ctx, client(ctx), { email });
      expect(await codeStatus(customer.token)).toMatchObject({
        status: 'invalid',
        errorMessage: 'Dieser Gutscheincode wurde bereits so oft wie möglich eingelöst.',
      });
      expectRefusedCode(await order({}, customer.token));
      // Without the code, at the price it was shown, the customer orders.
      expect((await order({ discountCodes: [], expectedTotalPrice: 289 }, customer.token)).status).toBe(200);
    });

    it('aliases of one inbox are one buyer: +tags, and for Gmail dots and googlemail.com', async () => {
      const local = `inbox${Date.now()}`;
      expect((await order({ emailAddress: `${local}+kurs@gmail.com` })).status).toBe(200);
      expectRefusedCode(await order({ emailAddress: `${local}+nochmal@gmail.com` }));
      expectRefusedCode(await order({ emailAddress: `${local.slice(0, 3)}.${local.slice(3)}@googlemail.com` }));
      // The account of that inbox as well, in the cart's price and at submit.
      const customer = await verifiedCustomer(ctx, client(ctx), { email: `${local}@gmail.com` });
      expect((await codeStatus(customer.token)).status).toBe('invalid');
      expectRefusedCode(await order({}, customer.token));
      // Dots matter where the provider does not ignore them, and the same local part elsewhere is someone else.
      const other = `other${Date.now()}`;
      expect((await order({ emailAddress: `${other}@example.org` })).status).toBe(200);
      expectRefusedCode(await order({ emailAddress: `${other}+2@example.org` }));
      expect((await order({ emailAddress: `${other.slice(0, 2)}.${other.slice(2)}@example.org` })).status).toBe(200);
      expect((await order({ emailAddress: `${local}@example.org` })).status).toBe(200);
    });

    it('a guest’s cart does not know the address yet: the code shows valid there and is counted at submit', async () => {
      const email = newEmail('warenkorb');
      expect((await order({ emailAddress: email })).status).toBe(200);
      expect((await codeStatus()).status).toBe('valid');
      expectRefusedCode(await order({ emailAddress: email }));
    });

    it('cancelled orders do not count', async () => {
      const email = newEmail('abgebrochen');
      const first = await order({ emailAddress: email });
      expect(first.status).toBe(200);
      const pending = await orderByNumber(ctx, first.body.result.incrementId);
      await choose(ctx, (await paymentOf(ctx, pending.id)).transaction_id!, 'canceled');

      const customer = await verifiedCustomer(ctx, client(ctx), { email });
      expect((await codeStatus(customer.token)).status).toBe('valid');
      const reply = await order({}, customer.token);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect((await orderByNumber(ctx, reply.body.result.incrementId)).total_price_cents).toBe(26010);
    });

    it('a guest and the customer of one address submitting at once: only one gets the code', async () => {
      const customer = await verifiedCustomer(ctx, client(ctx));
      const replies = await Promise.all([
        ...Array.from({ length: 2 }, () => order({ emailAddress: customer.email })),
        ...Array.from({ length: 2 }, () => order({}, customer.token)),
      ]);
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      for (const reply of replies.filter((r) => r.status !== 200)) expectRefusedCode(reply);
    });
  },
  { app: { passwordHashing: cheapHashing, now: () => testNow, shopUrl: 'https://shop.test' } },
);
