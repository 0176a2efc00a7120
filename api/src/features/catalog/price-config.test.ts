import { packageUnitPrice, priceConfigSchema } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { buildSeedCatalog, conversationHourPriceCents } from '../../db/seed/catalog-data.ts';
import { describeEachDatabase, get, testToday } from '../../test/databases.ts';

const seeded = buildSeedCatalog(testToday).packagePrices;

describeEachDatabase('GET /api/course/price-config', (ctx) => {
  it('lists every package price by type and amount, in EUR', async () => {
    const { status, body } = await get(ctx, '/api/course/price-config');
    expect(status).toBe(200);
    const prices = priceConfigSchema.parse(body.result);
    const expected = [...seeded]
      .sort((a, b) => a.type.localeCompare(b.type) || a.amount - b.amount)
      .map((p) => ({ type: p.type, amount: p.amount, price: p.priceCents / 100 }));
    expect(prices).toEqual(expected);
    expect(Object.keys(prices[0]!).sort()).toEqual(['amount', 'price', 'type']);
  });

  it('gives the conversation-hour unit price as the amount-1 price', async () => {
    const prices = priceConfigSchema.parse((await get(ctx, '/api/course/price-config')).body.result);
    expect(packageUnitPrice(prices, 'conversation_hours')).toBe(conversationHourPriceCents / 100);
    expect(packageUnitPrice(prices, 'flexible_learning')).toBe(69);
    expect(
      packageUnitPrice(
        prices.filter((p) => p.amount !== 1),
        'conversation_hours',
      ),
    ).toBeNull();
  });

  it('rejects unknown parameters with field errors', async () => {
    const { status, body } = await get(ctx, '/api/course/price-config?type=x');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { type: expect.any(String) } });
  });

  it('is an empty list when nothing is priced', async () => {
    await ctx.db.kysely.deleteFrom('package_price').execute();
    expect((await get(ctx, '/api/course/price-config')).body).toEqual({ result: [] });
  });
});
