import { cartLifetimeMs } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { movableClock } from '../customer/test-support.ts';

const clock = movableClock();

const item = {
  id: 'line-1',
  itemType: 'package',
  quantity: 2,
  packageType: 'conversation_hours',
  amount: 5,
  packageDetails: { title: '5 Konversationsstunden', type: 'conversation_hours', price: 115, discountedPrice: null, description: '12 Monate gültig' },
};

describeEachDatabase(
  'cart sync',
  (ctx) => {
    const post = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/cart/sync', payload: payload as object });
    const get = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/cart/sync/${id}` });

    it('stores cart items for 24 hours and gives them back by id', async () => {
      clock.reset();
      const created = await post({ items: [item] });
      expect(created.statusCode).toBe(200);
      const { id, expiresAt } = created.json().result;
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(expiresAt).toBe(new Date(testNow.getTime() + cartLifetimeMs).toISOString());

      const read = await get(id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ result: { items: [item], expiresAt } });

      clock.advance(cartLifetimeMs - 1000);
      expect((await get(id)).statusCode).toBe(200);
      clock.advance(1000);
      const expired = await get(id);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error.code).toBe('NOT_FOUND');
    });

    it('an unknown or malformed id is a 404', async () => {
      expect((await get('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
      expect((await get('eyJpdGVtcyI6W119.not-an-id')).statusCode).toBe(404);
    });

    it('refuses anything that is not a list of cart items', async () => {
      for (const payload of [{ items: [] }, { items: 'x' }, { items: [{ ...item, quantity: 9 }] }, {}]) {
        const reply = await post(payload);
        expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
        expect(reply.json().error.code).toBe('VALIDATION_ERROR');
      }
    });
  },
  { app: { now: clock.now } },
);
