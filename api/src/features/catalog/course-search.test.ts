import { type Course, courseSearchResultSchema, errorBodySchema } from '@shop/shared/contract';
import { describe, expect, it } from 'vitest';
import { buildSeedCatalog, type SeedCourse } from '../../db/seed/catalog-data.ts';
import { describeEachDatabase, get, type TestContext, testToday } from '../../test/databases.ts';

/**
 * The seeded catalogue is the oracle: each filter is applied to it in plain JavaScript, with the
 * semantics of docs/product-rules.md#data, and the API must return exactly those courses in exactly that order.
 */
const seeded = buildSeedCatalog(testToday);
const seededInOrder = seeded.courses
  .map((course, insertIndex) => ({ course, insertIndex }))
  .sort(
    (a, b) =>
      a.course.startDate.localeCompare(b.course.startDate) ||
      Number(a.course.startTime === null) - Number(b.course.startTime === null) ||
      (a.course.startTime ?? '').localeCompare(b.course.startTime ?? '') ||
      a.insertIndex - b.insertIndex,
  )
  .map((entry) => entry.course);
const effectivePrice = (c: { discountedPriceCents: number | null; priceCents: number }) =>
  (c.discountedPriceCents ?? c.priceCents) / 100;
const upcoming = seededInOrder.filter((c) => c.startDate >= testToday);
const ids = (courses: readonly (SeedCourse | Course)[]) => courses.map((c) => c.identifier);
const slugs = (course: Course) => course.tags.map((t) => t.slug);

async function searchAll(ctx: TestContext, query: string): Promise<{ items: Course[]; total: number }> {
  const items: Course[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await get(ctx, `/api/course/search?limit=100&page=${page}${query ? `&${query}` : ''}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const result = courseSearchResultSchema.parse(body.result);
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) return { items, total: result.total };
  }
}

describe('the seeded catalogue used as oracle', () => {
  it('has courses of every type, discounted ones, and ones that started before today', () => {
    expect(upcoming.length).toBeGreaterThan(100);
    expect(seeded.courses.some((c) => c.startDate < testToday)).toBe(true);
    expect(new Set(upcoming.map((c) => c.type))).toEqual(new Set([1, 2, 3]));
    expect(upcoming.some((c) => c.discountedPriceCents !== null)).toBe(true);
  });
});

describeEachDatabase('GET /api/course/search', (ctx) => {
  it('lists upcoming courses only by default, ordered by start date, start time and id', async () => {
    const { items, total } = await searchAll(ctx, '');
    expect(total).toBe(upcoming.length);
    expect(ids(items)).toEqual(ids(upcoming));
    expect(items.every((c) => c.startDate >= testToday)).toBe(true);
  });

  it('returns a course with texts in three languages, EUR prices and tags', async () => {
    const { body } = await get(ctx, '/api/course/search?type=1&limit=1');
    const [course] = body.result.items as Course[];
    expect(course).toBeDefined();
    expect(course!.titles.map((t) => t.language)).toEqual(['de', 'en', 'es']);
    expect(course!.descriptions.filter((d) => d.type === 'short').map((d) => d.language)).toEqual(['de', 'en', 'es']);
    expect(course!.descriptions.filter((d) => d.type === 'pretitle')).toHaveLength(3);
    const source = upcoming.find((c) => c.identifier === course!.identifier)!;
    expect(course!.price).toBe(source.priceCents / 100);
    expect(course!.titles[0]!.description).toBe(source.texts.de.title);
    expect(new Set(slugs(course!))).toEqual(new Set(source.tags));
    expect(course!.tags.find((t) => t.slug === source.tags.find((s) => /^[abc][12]$/.test(s)))?.categoryId).toBe(3);
  });

  it('pages through the same ordering without overlap, and a page beyond the end is empty', async () => {
    const page1 = (await get(ctx, '/api/course/search?limit=5&page=1')).body.result;
    const page2 = (await get(ctx, '/api/course/search?limit=5&page=2')).body.result;
    const both = (await get(ctx, '/api/course/search?limit=10&page=1')).body.result;
    expect(page1).toMatchObject({ page: 1, limit: 5, total: upcoming.length });
    expect(page2).toMatchObject({ page: 2, limit: 5, total: upcoming.length });
    expect(ids([...page1.items, ...page2.items])).toEqual(ids(both.items));
    expect(ids(both.items)).toEqual(ids(upcoming.slice(0, 10)));

    const last = Math.ceil(upcoming.length / 7);
    const lastPage = (await get(ctx, `/api/course/search?limit=7&page=${last}`)).body.result;
    expect(lastPage.items).toHaveLength(upcoming.length - (last - 1) * 7);
    const beyond = await get(ctx, `/api/course/search?limit=7&page=${last + 1}`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.result).toEqual({ items: [], total: upcoming.length, page: last + 1, limit: 7 });
  });

  it('uses limit 50 and page 1 when not given', async () => {
    const { body } = await get(ctx, '/api/course/search');
    expect(body.result).toMatchObject({ page: 1, limit: 50, total: upcoming.length });
    expect(body.result.items).toHaveLength(50);
  });

  it.each([1, 2, 3] as const)('filters by type %i', async (type) => {
    const { items } = await searchAll(ctx, `type=${type}`);
    expect(ids(items)).toEqual(ids(upcoming.filter((c) => c.type === type)));
    expect(items.length).toBeGreaterThan(0);
  });

  it('matches any tag of one category (OR)', async () => {
    const { items } = await searchAll(ctx, 'tags[]=a1&tags[]=c2');
    expect(ids(items)).toEqual(ids(upcoming.filter((c) => c.tags.includes('a1') || c.tags.includes('c2'))));
    expect(items.some((c) => slugs(c).includes('a1'))).toBe(true);
    expect(items.some((c) => slugs(c).includes('c2'))).toBe(true);
  });

  it('requires every category (AND), with OR inside each', async () => {
    const { items } = await searchAll(ctx, 'tags[]=b1&tags[]=b2&tags[]=evening&tags[]=monday&tags[]=wednesday');
    const expected = upcoming.filter(
      (c) =>
        (c.tags.includes('b1') || c.tags.includes('b2')) &&
        c.tags.includes('evening') &&
        (c.tags.includes('monday') || c.tags.includes('wednesday')),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(items)).toEqual(ids(expected));
    for (const course of items) {
      expect(slugs(course)).toContain('evening');
      expect(slugs(course).some((s) => s === 'b1' || s === 'b2')).toBe(true);
    }
    // Two categories that never meet give nothing, rather than either one.
    const none = await get(ctx, '/api/course/search?tags[]=c2&tags[]=online-intensivecourses&tags[]=sunday');
    expect(none.body.result.total).toBe(
      upcoming.filter((c) => ['c2', 'online-intensivecourses', 'sunday'].every((t) => c.tags.includes(t))).length,
    );
  });

  it('finds the online intensive courses by their collection tag', async () => {
    const { items } = await searchAll(ctx, 'tags[]=online-intensivecourses');
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.every((c) => c.type === 1 && c.identifier.includes('-INT-') && slugs(c).includes('short'))).toBe(true);
  });

  it('ignores unknown tag slugs', async () => {
    const all = await get(ctx, '/api/course/search?tags[]=no-such-tag&limit=1');
    expect(all.body.result.total).toBe(upcoming.length);
    const a1 = await get(ctx, '/api/course/search?tags[]=a1&tags[]=no-such-tag&limit=1');
    expect(a1.body.result.total).toBe(upcoming.filter((c) => c.tags.includes('a1')).length);
  });

  it('accepts a single tag as tags=… and repeated plain keys', async () => {
    const bracket = await get(ctx, '/api/course/search?tags[]=a2&limit=100');
    const plain = await get(ctx, '/api/course/search?tags=a2&limit=100');
    expect(plain.status).toBe(200);
    expect(ids(plain.body.result.items)).toEqual(ids(bracket.body.result.items));
    const repeated = await get(ctx, '/api/course/search?tags=a2&tags=evening&limit=1');
    expect(repeated.body.result.total).toBe(
      upcoming.filter((c) => c.tags.includes('a2') && c.tags.includes('evening')).length,
    );
  });

  it('filters by startDate (on/after), endDate (on/before) and courseStartUntil (starts on/before)', async () => {
    const from = '2026-03-01';
    const to = '2026-04-30';
    const a = await searchAll(ctx, `startDate=${from}`);
    expect(ids(a.items)).toEqual(ids(seededInOrder.filter((c) => c.startDate >= from)));
    const b = await searchAll(ctx, `startDate=${from}&endDate=${to}`);
    expect(ids(b.items)).toEqual(ids(seededInOrder.filter((c) => c.startDate >= from && c.endDate <= to)));
    const c = await searchAll(ctx, `courseStartUntil=${to}`);
    expect(ids(c.items)).toEqual(ids(upcoming.filter((x) => x.startDate <= to)));
    // A course starting on courseStartUntil itself is included.
    const day = upcoming[20]!.startDate;
    const d = await searchAll(ctx, `startDate=${day}&courseStartUntil=${day}`);
    expect(ids(d.items)).toEqual(ids(seededInOrder.filter((x) => x.startDate === day)));
    expect(d.items.length).toBeGreaterThan(0);
  });

  it('lists courses that already started when asked with an earlier startDate', async () => {
    const { items, total } = await searchAll(ctx, 'startDate=2025-01-01&type=1');
    const expected = seededInOrder.filter((c) => c.type === 1);
    expect(total).toBe(expected.length);
    expect(ids(items)).toEqual(ids(expected));
    expect(items.some((c) => c.startDate < testToday)).toBe(true);
  });

  it('filters on the effective price (the discounted one when set)', async () => {
    const discounted = upcoming.find((c) => c.discountedPriceCents !== null)!;
    const full = discounted.priceCents / 100;
    const reduced = discounted.discountedPriceCents! / 100;
    const max = await searchAll(ctx, `priceMax=${reduced}`);
    expect(ids(max.items)).toEqual(ids(upcoming.filter((c) => effectivePrice(c) <= reduced)));
    expect(ids(max.items)).toContain(discounted.identifier);
    expect(max.items.every((c) => (c.discountedPrice ?? c.price) <= reduced)).toBe(true);

    const min = await searchAll(ctx, `priceMin=${full}`);
    expect(ids(min.items)).toEqual(ids(upcoming.filter((c) => effectivePrice(c) >= full)));
    expect(ids(min.items)).not.toContain(discounted.identifier);

    const range = await searchAll(ctx, 'priceMin=25&priceMax=69');
    expect(ids(range.items)).toEqual(ids(upcoming.filter((c) => effectivePrice(c) >= 25 && effectivePrice(c) <= 69)));
    expect(new Set(range.items.map((c) => c.type))).toEqual(new Set([2, 3]));

    // Decimal bounds: 24.99 still includes 25 €, 25.01 excludes it.
    expect((await get(ctx, '/api/course/search?type=3&priceMin=24.99&limit=1')).body.result.total).toBeGreaterThan(0);
    expect((await get(ctx, '/api/course/search?type=3&priceMin=25.01&limit=1')).body.result.total).toBe(0);
    expect((await get(ctx, '/api/course/search?priceMin=500&priceMax=100&limit=1')).body.result.total).toBe(0);
  });

  it('filters by flexible-learning course: its appointments, including those by appointment', async () => {
    const { items } = await searchAll(ctx, 'flexibleLearningId=1');
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.every((c) => c.type === 2 && c.flexibleLearningCourseId === 1)).toBe(true);
    expect(ids(items)).toEqual(
      ids(upcoming.filter((c) => c.flexibleModule === seeded.flexibleCourses[0]!.moduleIdentifier)),
    );
    const byAppointment = items.filter((c) => c.startTime === null);
    expect(byAppointment.length).toBeGreaterThan(0);
    expect(byAppointment.every((c) => c.endTime === null)).toBe(true);
    expect((await get(ctx, '/api/course/search?flexibleLearningId=9999')).body.result.total).toBe(0);
    // Larger than any integer column can hold: still just "no such course", never a database error.
    expect((await get(ctx, '/api/course/search?flexibleLearningId=99999999999')).status).toBe(200);
  });

  it('combines all filters', async () => {
    const { items } = await searchAll(
      ctx,
      'type=3&tags[]=b1&tags[]=evening&priceMax=30&startDate=2026-02-01&courseStartUntil=2026-03-31',
    );
    const expected = upcoming.filter(
      (c) =>
        c.type === 3 &&
        c.tags.includes('b1') &&
        c.tags.includes('evening') &&
        effectivePrice(c) <= 30 &&
        c.startDate >= '2026-02-01' &&
        c.startDate <= '2026-03-31',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(items)).toEqual(ids(expected));
  });

  it('loads texts and tags of a page in batch queries (no query per course)', async () => {
    ctx.queries.length = 0;
    const { body } = await get(ctx, '/api/course/search?limit=100');
    expect(body.result.items).toHaveLength(100);
    expect(ctx.queries.length).toBeLessThanOrEqual(5);
  });

  describe('rejects bad input with 400 and field errors', () => {
    it.each([
      ['type=9', 'type'],
      ['type=abc', 'type'],
      ['page=abc', 'page'],
      ['page=0', 'page'],
      ['limit=101', 'limit'],
      ['startDate=2026-13-45', 'startDate'],
      ['endDate=15.01.2026', 'endDate'],
      ['courseStartUntil=tomorrow', 'courseStartUntil'],
      ['flexibleLearningId=1.5', 'flexibleLearningId'],
      ['flexibleLearningId=-1', 'flexibleLearningId'],
      ['priceMin=-1', 'priceMin'],
      ['priceMax=abc', 'priceMax'],
      ['unknownKey=1', 'unknownKey'],
      ['tags[]=', 'tags.0'],
      ['tags[]=a1&tags[]=', 'tags.1'],
      ['page=1&page=2', 'page'],
    ])('%s → fields.%s', async (query, field) => {
      const { status, body } = await get(ctx, `/api/course/search?${query}`);
      expect(status).toBe(400);
      expect(errorBodySchema.unwrap().strict().parse(body)).toBeTruthy();
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.error.fields)).toContain(field);
      expect(typeof body.error.fields[field]).toBe('string');
    });

    it('reports every bad field at once', async () => {
      const { body } = await get(
        ctx,
        '/api/course/search?type=9&page=abc&startDate=2026-13-45&flexibleLearningId=1.5&foo=1',
      );
      expect(Object.keys(body.error.fields).sort()).toEqual(['flexibleLearningId', 'foo', 'page', 'startDate', 'type']);
    });
  });

  it('never answers odd input with a 500', async () => {
    const queries = [
      'page=99999999999999&limit=100',
      'page=1e300',
      'priceMin=1e300',
      'priceMax=1e300',
      'priceMin=0.001',
      'priceMin=Infinity',
      'flexibleLearningId=2147483648',
      'tags[]=%ZZ',
      "tags[]=a1');drop table course;--",
      '__proto__=1',
      'constructor=x',
      'tags[__proto__]=x',
      'startDate[]=2026-01-01',
      `tags[]=${'x'.repeat(65)}`,
      Array.from({ length: 51 }, (_, i) => `tags[]=t${i}`).join('&'),
      'type=1&type=2',
      'limit=%00',
      '&&&=&',
    ];
    for (const query of queries) {
      const { status } = await get(ctx, `/api/course/search?${query}`);
      expect([200, 400], query).toContain(status);
    }
    // Still intact after the injection attempt.
    expect((await get(ctx, '/api/course/search?limit=1')).body.result.total).toBe(upcoming.length);
  });
});
