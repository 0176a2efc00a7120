import { expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { cheapHashing, client, linkIn, mailsTo, newEmail } from '../customer/test-support.ts';
import { choose, courseOrder, freePlaces, insertCourse, orderByNumber, paymentOf } from './test-support.ts';

/**
 * The order-received mail (docs/decisions/0127-the-order-mail-leads-back-to-the-payment.md): an order that waits for its payment is acknowledged at once, with a
 * link that leads back to it from any device: continue the payment, or change the order.
 */
describeEachDatabase(
  'the order-received mail with the way back to the waiting payment',
  (ctx) => {
    const submit = async (priceCents = 28900) => {
      const email = newEmail('gast');
      const course = await insertCourse(ctx, { free: 5, priceCents });
      const reply = await client(ctx).post('/api/cart/submit', courseOrder(course, 2, { emailAddress: email }));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return { course, email, incrementId: reply.body.result.incrementId as string, reply };
    };
    const state = (incrementId: string, body: unknown) =>
      client(ctx).post(`/api/orders/${encodeURIComponent(incrementId)}/state`, body);

    it('acknowledges a waiting order with a link whose key shows the payment link and can release the order', async () => {
      const { course, email, incrementId, reply } = await submit();
      const [mail, ...others] = await mailsTo(ctx, email, { atLeast: 1 });
      expect(others).toEqual([]);
      expect(mail!.subject).toBe(`Bestellung ${incrementId} eingegangen – Zahlung noch offen`);
      expect(mail!.text).toContain('Betrag: 578');
      const link = linkIn(mail!);
      expect(link.path).toBe('/checkout-pending');
      expect(link.url.searchParams.get('order')).toBe(incrementId);
      const key = link.url.searchParams.get('key')!;
      // The same key the buying browser got: the link stands in for that browser.
      expect(key).toBe(reply.body.result.orderKey);
      expect(mail!.html).toContain(link.url.toString().replaceAll('&', '&amp;'));

      const waiting = await state(incrementId, { email, orderKey: key });
      expect(waiting.body.result).toMatchObject({ state: 'pending', holdActive: true });
      expect(waiting.body.result.paymentLink).toBe(reply.body.result.paymentLink);
      // Number and address alone never reveal the way to pay.
      expect((await state(incrementId, { email })).body.result).not.toHaveProperty('paymentLink');

      const released = await client(ctx).post(`/api/orders/${incrementId}/release`, { email, orderKey: key });
      expect(released.body.result).toMatchObject({ state: 'failed', holdActive: false });
      expect(released.body.result).not.toHaveProperty('paymentLink');
      expect(await freePlaces(ctx, course.id)).toBe(5);
    });

    it('stops leading to the payment once the order no longer waits: paid, it offers no payment link', async () => {
      const { email, incrementId, reply } = await submit();
      const order = await orderByNumber(ctx, incrementId);
      await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'paid');
      const after = await state(incrementId, { email, orderKey: reply.body.result.orderKey });
      expect(after.body.result.state).toBe('paid');
      expect(after.body.result).not.toHaveProperty('paymentLink');
      // Received, then confirmed: two mails, the confirmation last.
      const mails = await mailsTo(ctx, email, { atLeast: 2 });
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Ihre Bestellung ${incrementId}`,
        `Bestellung ${incrementId} eingegangen – Zahlung noch offen`,
      ]);
    });

    it('sends none for an order paid at once (nothing to pay): the confirmation is the receipt', async () => {
      const { email } = await submit(0);
      const mails = await mailsTo(ctx, email, { atLeast: 1 });
      expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Ihre Bestellung \d+$/)]);
    });
  },
  { app: { passwordHashing: cheapHashing, now: () => testNow, shopUrl: 'https://shop.test' } },
);
