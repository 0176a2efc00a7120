import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { staffToken } from '../admin/test-support.ts';

describeEachDatabase('discount codes in the back office', (ctx) => {
  let headers: { authorization: string };
  let productId: number;
  let productCents: number;
  beforeAll(async () => {
    headers = (await staffToken(ctx, 'staff')).headers;
    const product = await ctx.db.kysely
      .selectFrom('product')
      .select(['id', 'price_cents', 'discounted_price_cents'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    productId = product.id;
    productCents = product.discounted_price_cents ?? product.price_cents;
  });
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) });
  /** What the shop's cart makes of a code on one product. */
  const priced = async (code: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/calculate-price',
      payload: {
        courses: [],
        products: [{ productId, quantity: 1 }],
        packages: [],
        discountCodes: [code],
        locale: 'de',
        applePayAvailable: false,
      },
    });
    return response.json().result.discountCodesProvided[0];
  };

  it('lists the codes with their rules and uses', async () => {
    const list = await call('GET', '/discount-codes?sort=code');
    expect(list.statusCode).toBe(200);
    const welcome = list.json().result.items.find((item: { code: string }) => item.code === 'WILLKOMMEN10');
    expect(welcome).toMatchObject({
      kind: 'percent',
      percentOff: 10,
      amountOffCents: null,
      usageLimitPerCustomer: 1,
      active: true,
      uses: 0,
    });
    const summer = (await call('GET', '/discount-codes?q=sommer')).json().result.items;
    expect(summer).toEqual([
      expect.objectContaining({ code: 'SOMMER25', kind: 'fixed', amountOffCents: 2500, minOrderCents: 20000 }),
    ]);
  });

  it('creates a code with every rule the pricing knows, and the cart applies it', async () => {
    const created = await call('POST', '/discount-codes', {
      code: ' herbst5 ',
      kind: 'fixed',
      amountOffCents: 550,
      minOrderCents: 100,
      validFrom: '2026-01-01T00:00:00.000Z',
      validUntil: '2026-12-31T00:00:00.000Z',
      usageLimit: 100,
      usageLimitPerCustomer: 1,
      itemTypes: ['product'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().result).toMatchObject({
      code: 'HERBST5',
      kind: 'fixed',
      amountOffCents: 550,
      minOrderCents: 100,
      active: true,
      uses: 0,
    });
    expect(await priced('HERBST5')).toMatchObject({
      status: 'valid',
      totalDiscountAmount: Math.min(5.5, productCents / 100),
    });
    const taken = await call('POST', '/discount-codes', { code: 'HERBST5', kind: 'percent', percentOff: 5 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ code: 'taken' });
    const log = await call('GET', `/audit-log?entityType=discount_code&entityId=${created.json().result.id}`);
    expect(log.json().result.items[0]).toMatchObject({ action: 'createDiscountCode', before: null });
  });

  it('switches a code off (the cart no longer knows it) and on again; edits are audited', async () => {
    const created = (await call('POST', '/discount-codes', { code: 'AUS10', kind: 'percent', percentOff: 10 })).json()
      .result;
    expect((await priced('AUS10')).status).toBe('valid');
    const off = await call('PATCH', `/discount-codes/${created.id}`, { active: false });
    expect(off.json().result.active).toBe(false);
    expect((await priced('AUS10')).status).not.toBe('valid');
    expect(
      (await call('GET', '/discount-codes?active=false')).json().result.items.map((i: { code: string }) => i.code),
    ).toContain('AUS10');
    const changed = await call('PATCH', `/discount-codes/${created.id}`, {
      active: true,
      kind: 'fixed',
      amountOffCents: 300,
    });
    expect(changed.json().result).toMatchObject({ kind: 'fixed', amountOffCents: 300, percentOff: null, active: true });
    expect(await priced('AUS10')).toMatchObject({ status: 'valid', totalDiscountAmount: 3 });
    const log = await call('GET', `/audit-log?entityType=discount_code&entityId=${created.id}&order=asc`);
    expect(log.json().result.items.map((entry: { action: string }) => entry.action)).toEqual([
      'createDiscountCode',
      'updateDiscountCode',
      'updateDiscountCode',
    ]);
    expect(log.json().result.items[1].before.active).toBe(true);
    expect(log.json().result.items[1].after.active).toBe(false);
  });

  it('refuses bad input field by field, never with a 500', async () => {
    const bad = await call('POST', '/discount-codes', {
      code: 'zu lang und mit leer',
      kind: 'percent',
      percentOff: 150,
      amountOffCents: 234.5,
      usageLimit: 0,
      validFrom: 'morgen',
      itemTypes: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['code', 'percentOff', 'amountOffCents', 'usageLimit', 'validFrom', 'itemTypes']),
    );
    const inconsistent = await call('POST', '/discount-codes', {
      code: 'X1',
      kind: 'fixed',
      validFrom: '2026-02-01T00:00:00.000Z',
      validUntil: '2026-01-01T00:00:00.000Z',
    });
    expect(inconsistent.json().error.fields).toEqual({ amountOffCents: 'required', validUntil: 'until_before_from' });
    const { id } = (await call('GET', '/discount-codes?q=WILLKOMMEN10')).json().result.items[0];
    const patch = await call('PATCH', `/discount-codes/${id}`, { kind: 'fixed' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.fields).toEqual({ amountOffCents: 'required' });
    // Cents only: euros with decimals, negative or empty amounts are field errors the back office translates.
    for (const [amountOffCents, message] of [
      [2.5, 'whole_cents'],
      [-100, 'not_negative'],
      [0, 'positive'],
      [10_000_001, 'too_large'],
    ] as const) {
      const refused = await call('PATCH', `/discount-codes/${id}`, { kind: 'fixed', amountOffCents });
      expect(refused.statusCode, String(amountOffCents)).toBe(400);
      expect(refused.json().error.fields).toEqual({ amountOffCents: message });
    }
    const minOrder = await call('PATCH', `/discount-codes/${id}`, { minOrderCents: 99.99 });
    expect(minOrder.json().error.fields).toEqual({ minOrderCents: 'whole_cents' });
    expect((await call('PATCH', `/discount-codes/${id}`, { code: 'NEU' })).statusCode).toBe(400);
    expect((await call('PATCH', '/discount-codes/999999', { active: false })).statusCode).toBe(404);
    expect((await call('PATCH', '/discount-codes/abc', { active: false })).statusCode).toBe(400);
    expect((await call('GET', '/discount-codes?sort=percent')).statusCode).toBe(400);
  });

  it('counts the uses of each code', async () => {
    const { id } = (await call('GET', '/discount-codes?q=SOMMER25')).json().result.items[0];
    await ctx.db.kysely
      .insertInto('discount_code_usage')
      .values(
        [1, 2].map(() => ({
          discount_code_id: id,
          customer_id: null,
          order_id: null,
          used_at: '2026-01-15T09:00:00.000Z',
        })),
      )
      .execute();
    expect((await call('GET', `/discount-codes/${id}`)).json().result.uses).toBe(2);
    const byUses = (await call('GET', '/discount-codes?sort=uses&order=desc')).json().result.items;
    expect(byUses[0]).toMatchObject({ code: 'SOMMER25', uses: 2 });
  });

  it('answers 401 without a staff token', async () => {
    for (const [method, url] of [
      ['GET', '/discount-codes'],
      ['POST', '/discount-codes'],
      ['PATCH', '/discount-codes/1'],
    ] as const) {
      const response = await ctx.app.inject({ method, url: `/api/admin${url}`, payload: {} });
      expect(response.statusCode).toBe(401);
    }
  });
});
