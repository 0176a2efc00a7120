import {
  courseTagsResultSchema,
  errorBodySchema,
  type Product,
  productSearchResultSchema,
} from '@shop/shared/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSeedCatalog } from '../../db/seed/catalog-data.ts';
import { describeEachDatabase, get, type TestContext, testToday } from '../../test/databases.ts';

/** The seeded products are the oracle, in insertion (= id) order. */
const seeded = buildSeedCatalog(testToday).products;
const titles = (items: readonly Product[]) => items.map((p) => p.titles[0]!.description);
const seededTitles = (filter: (p: (typeof seeded)[number]) => boolean) =>
  seeded.filter(filter).map((p) => p.texts.de.title);

async function search(ctx: TestContext, query: string) {
  const { status, body } = await get(ctx, `/api/product/search${query ? `?${query}` : ''}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return productSearchResultSchema.parse(body.result);
}

describeEachDatabase('GET /api/product/search', (ctx) => {
  const tagId: Record<string, number> = {};
  beforeAll(async () => {
    const categories = courseTagsResultSchema.parse((await get(ctx, '/api/course/tags')).body.result);
    for (const tag of categories.flatMap((c) => c.tags)) tagId[tag.slug] = tag.id;
  });

  it('lists every product by id with texts, tags and EUR prices', async () => {
    const result = await search(ctx, '');
    expect(result).toMatchObject({ total: seeded.length, page: 1, limit: 50 });
    expect(titles(result.items)).toEqual(seeded.map((p) => p.texts.de.title));
    const ids = result.items.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const discounted = result.items.find((p) => p.discountedPrice !== null)!;
    const source = seeded.find((p) => p.texts.de.title === discounted.titles[0]!.description)!;
    expect([discounted.price, discounted.discountedPrice]).toEqual([
      source.priceCents / 100,
      source.discountedPriceCents! / 100,
    ]);
    expect(discounted.titles.map((t) => t.language)).toEqual(['de', 'en', 'es']);
    expect(discounted.descriptions.map((d) => d.type)).toContain('pretitle');
    const tagged = result.items.find((p) => p.tags.length > 0)!;
    expect(tagged.tags[0]).toEqual({ categoryId: 3, slug: expect.stringMatching(/^[abc][12]$/) });
    expect(result.items.some((p) => p.tags.length === 0)).toBe(true);
  });

  it('finds one product by productId, and nothing for an unknown one', async () => {
    const all = await search(ctx, '');
    const third = all.items[2]!;
    expect((await search(ctx, `productId=${third.id}`)).items).toEqual([third]);
    expect(await search(ctx, 'productId=99999')).toMatchObject({ items: [], total: 0 });
    expect(await search(ctx, 'productId=99999999999')).toMatchObject({ items: [], total: 0 });
  });

  it('filters by institutionId', async () => {
    expect((await search(ctx, 'institutionId=1')).total).toBe(seeded.filter((p) => p.institutionId === 1).length);
    expect((await search(ctx, 'institutionId=2')).total).toBe(0);
  });

  it('matches any tag id of one category (OR), and every category (AND)', async () => {
    const either = await search(ctx, `tags[]=${tagId.a2}&tags[]=${tagId.b2}`);
    expect(titles(either.items)).toEqual(seededTitles((p) => p.tags.includes('a2') || p.tags.includes('b2')));
    expect(either.total).toBe(2);
    const single = await search(ctx, `tags=${tagId.c1}`);
    expect(titles(single.items)).toEqual(seededTitles((p) => p.tags.includes('c1')));
    // No product has a weekday: level AND weekday finds nothing, rather than the level alone.
    expect((await search(ctx, `tags[]=${tagId.b2}&tags[]=${tagId.monday}`)).total).toBe(0);
  });

  it('ignores unknown tag ids', async () => {
    expect((await search(ctx, 'tags[]=99999')).total).toBe(seeded.length);
    expect((await search(ctx, `tags[]=99999&tags[]=${tagId.b1}`)).total).toBe(1);
    expect((await search(ctx, 'tags[]=99999999999')).total).toBe(seeded.length);
  });

  it('combines productId, institutionId and tags', async () => {
    const b1 = (await search(ctx, `tags[]=${tagId.b1}`)).items[0]!;
    expect((await search(ctx, `productId=${b1.id}&institutionId=1&tags[]=${tagId.b1}`)).items).toEqual([b1]);
    expect((await search(ctx, `productId=${b1.id}&tags[]=${tagId.a2}`)).total).toBe(0);
  });

  it('pages without overlap; a page beyond the end is empty', async () => {
    const first = await search(ctx, 'limit=4&page=1');
    const second = await search(ctx, 'limit=4&page=2');
    expect(first).toMatchObject({ page: 1, limit: 4, total: seeded.length });
    expect(titles([...first.items, ...second.items])).toEqual(seeded.map((p) => p.texts.de.title));
    expect(await search(ctx, 'limit=4&page=3')).toEqual({ items: [], total: seeded.length, page: 3, limit: 4 });
  });

  it('loads a page in a fixed number of queries', async () => {
    ctx.queries.length = 0;
    await search(ctx, `tags[]=${tagId.b1}&tags[]=${tagId.b2}`);
    expect(ctx.queries.length).toBeLessThanOrEqual(5);
  });

  describe('rejects bad input with 400 and field errors', () => {
    it.each([
      ['tags[]=abc', 'tags.0'],
      ['tags[]=b1', 'tags.0'],
      ['tags[]=3&tags[]=0', 'tags.1'],
      ['tags[]=1.5', 'tags.0'],
      ['productId=abc', 'productId'],
      ['productId=1.5', 'productId'],
      ['productId=-1', 'productId'],
      ['institutionId=x', 'institutionId'],
      ['institutionId=0', 'institutionId'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['type=1', 'type'],
      ['productId=1&productId=2', 'productId'],
    ])('%s → fields.%s', async (query, field) => {
      const { status, body } = await get(ctx, `/api/product/search?${query}`);
      expect(status).toBe(400);
      expect(errorBodySchema.unwrap().strict().parse(body).error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.error.fields)).toContain(field);
    });

    it('reports every bad field at once', async () => {
      const { body } = await get(ctx, '/api/product/search?productId=x&institutionId=0&page=abc&foo=1');
      expect(Object.keys(body.error.fields).sort()).toEqual(['foo', 'institutionId', 'page', 'productId']);
    });
  });

  it('never answers odd input with a 500', async () => {
    for (const query of [
      'page=99999999999999',
      'page=1e300',
      'tags[]=%ZZ',
      '__proto__=1',
      `tags[]=${'9'.repeat(400)}`,
      Array.from({ length: 51 }, (_, i) => `tags[]=${i + 1}`).join('&'),
    ]) {
      const { status } = await get(ctx, `/api/product/search?${query}`);
      expect([200, 400], query).toContain(status);
    }
  });
});
