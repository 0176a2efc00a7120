import type { Course } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, get, testNow, testToday } from '../../test/databases.ts';
import { migrateToLatest } from '../migrate.ts';
import { seed } from './index.ts';

const count = async (ctx: { db: { kysely: any } }, table: string) =>
  Number(
    (
      await ctx.db.kysely
        .selectFrom(table)
        .select((eb: any) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    ).n,
  );

const tables = [
  'tag_category',
  'tag',
  'course',
  'course_text',
  'course_tag',
  'flexible_learning_course',
  'flexible_learning_course_text',
  'product',
  'product_text',
  'product_tag',
  'package_price',
  'translation',
];

const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
// Computed independently of the seed code, straight from the calendar: the English names are the tags' slugs.
const calendarName = (part: 'weekday' | 'month') => {
  const format = new Intl.DateTimeFormat('en', { [part]: 'long', timeZone: 'UTC' });
  return (isoDate: string) => format.format(utc(isoDate)).toLowerCase();
};
const weekdayOf = calendarName('weekday');
const monthOf = calendarName('month');

async function allCourses(ctx: Parameters<typeof get>[0]): Promise<Course[]> {
  const items: Course[] = [];
  for (let page = 1; ; page++) {
    const { body } = await get(ctx, `/api/course/search?startDate=2000-01-01&limit=100&page=${page}`);
    items.push(...body.result.items);
    if (items.length >= body.result.total) return items;
  }
}

describeEachDatabase('seed', (ctx) => {
  it('re-running migrations is a no-op', async () => {
    expect(await migrateToLatest(ctx.db)).toEqual([]);
  });

  it('fills every catalogue table', async () => {
    for (const table of tables) expect(await count(ctx, table), table).toBeGreaterThan(0);
  });

  it('tags every course consistently with its dates and times', async () => {
    const courses = await allCourses(ctx);
    expect(courses.length).toBeGreaterThan(100);
    for (const course of courses) {
      const tags = (category: number) => course.tags.filter((t) => t.categoryId === category).map((t) => t.slug);
      const where = course.identifier;
      expect(tags(3), where).toHaveLength(1);
      // The weekdays it meets on: the first day's and, for a course with set times, the last day's among them.
      expect(tags(6), where).toContain(weekdayOf(course.startDate));
      if (course.startTime !== null) expect(tags(6), where).toContain(weekdayOf(course.endDate));
      expect(tags(2), where).toEqual([monthOf(course.startDate)]);
      if (course.startTime === null) {
        expect(tags(1), where).toEqual([]);
      } else {
        const hour = Number(course.startTime.slice(0, 2));
        expect(tags(1), where).toEqual([hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening']);
      }
      const days = (utc(course.endDate).getTime() - utc(course.startDate).getTime()) / 86_400_000;
      expect(tags(4), where).toEqual([days <= 28 ? 'short' : days <= 70 ? 'medium' : 'long']);
      expect(course.registrationDeadline < course.startDate, where).toBe(true);
      expect(course.endDate >= course.startDate, where).toBe(true);
      expect(course.freePlaces).toBeLessThanOrEqual(course.maxParticipants);
      expect(course.titles.map((t) => t.language)).toEqual(['de', 'en', 'es']);
      if (course.discountedPrice !== null) expect(course.discountedPrice).toBeLessThan(course.price);
    }
  });

  it('offers a realistic school: all levels as group courses over a year, conversation hours, flexible modules', async () => {
    const courses = (await allCourses(ctx)).filter((c) => c.startDate >= testToday);
    const group = courses.filter((c) => c.type === 1);
    const level = (c: Course) => c.tags.find((t) => t.categoryId === 3)!.slug;
    expect(new Set(group.map(level))).toEqual(new Set(['a1', 'a2', 'b1', 'b2', 'c1', 'c2']));
    expect(group.at(-1)!.startDate > '2026-10-01').toBe(true);
    expect(new Set(group.map((c) => c.tags.find((t) => t.categoryId === 1)!.slug))).toEqual(
      new Set(['morning', 'afternoon', 'evening']),
    );
    expect(group.some((c) => c.tags.some((t) => t.slug === 'online-intensivecourses'))).toBe(true);
    expect(group.some((c) => c.discountedPrice !== null)).toBe(true);
    expect(courses.some((c) => c.freePlaces === 0)).toBe(true);
    expect(courses.some((c) => c.freePlaces === 1)).toBe(true);

    const conversation = courses.filter((c) => c.type === 3);
    expect(conversation.length).toBeGreaterThanOrEqual(24);
    expect(conversation.every((c) => c.startDate === c.endDate && c.startTime !== null)).toBe(true);

    const flexible = courses.filter((c) => c.type === 2);
    expect(flexible.every((c) => c.flexibleLearningCourseId !== null)).toBe(true);
    expect(flexible.some((c) => c.startTime === null && c.endTime === null)).toBe(true);
    const modules = await ctx.db.kysely
      .selectFrom('flexible_learning_course')
      .select(['id', 'module_identifier'])
      .orderBy('id')
      .execute();
    expect(modules[0]).toEqual({ id: 1, module_identifier: 'A1.1' });
    for (const module of modules) {
      expect(
        flexible.filter((c) => c.flexibleLearningCourseId === module.id).length,
        module.module_identifier,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('prices packages with the amount-1 row as unit price', async () => {
    const rows = await ctx.db.kysely
      .selectFrom('package_price')
      .selectAll()
      .orderBy('type')
      .orderBy('amount')
      .execute();
    expect(rows.map((r) => [r.type, r.amount])).toEqual([
      ['conversation_hours', 1],
      ['conversation_hours', 5],
      ['conversation_hours', 10],
      ['conversation_hours', 20],
      ['flexible_learning', 1],
      ['flexible_learning', 4],
      ['flexible_learning', 8],
      ['flexible_learning', 12],
    ]);
    for (const type of ['conversation_hours', 'flexible_learning']) {
      const unit = rows.find((r) => r.type === type && r.amount === 1)!.price_cents;
      for (const row of rows.filter((r) => r.type === type && r.amount > 1)) {
        expect(row.price_cents).toBeLessThanOrEqual(unit * row.amount);
      }
    }
  });

  it('seeds DELE and SIELE preparation products with texts in three languages', async () => {
    const titles = await ctx.db.kysely
      .selectFrom('product_text')
      .select(['title', 'language'])
      .where('language', '=', 'de')
      .execute();
    expect(titles.some((t) => t.title.includes('DELE'))).toBe(true);
    expect(titles.some((t) => t.title.includes('SIELE'))).toBe(true);
    expect(await count(ctx, 'product_text')).toBe(3 * (await count(ctx, 'product')));
  });

  it('is idempotent: a second run keeps what users changed and adds no duplicates', async () => {
    const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(ctx, t)] as const)));
    const { id } = await ctx.db.kysely
      .insertInto('course')
      .values({
        type: 1,
        identifier: 'USER-COURSE',
        start_date: '2026-06-01',
        start_time: '10:00',
        end_date: '2026-06-30',
        end_time: '11:00',
        registration_deadline: '2026-05-28',
        max_participants: 5,
        free_places: 5,
        price_cents: 10000,
        discounted_price_cents: null,
        flexible_learning_course_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .updateTable('translation')
      .set({ value: 'Edited' })
      .where('slug', '=', 'shell.home.title')
      .where('language', '=', 'en')
      .execute();
    await ctx.db.kysely
      .deleteFrom('translation')
      .where('slug', '=', 'shell.home.title')
      .where('language', '=', 'es')
      .execute();

    // A later start, even on another day, must not reseed.
    const result = await seed(ctx.db, { now: new Date(testNow.getTime() + 40 * 86_400_000) });
    expect(result).toEqual({ catalog: false, translationsAdded: 1, translationsUpdated: 0 });
    expect(await seed(ctx.db, { now: testNow })).toEqual({
      catalog: false,
      translationsAdded: 0,
      translationsUpdated: 0,
    });

    for (const table of tables)
      expect(await count(ctx, table), table).toBe(before[table]! + (table === 'course' ? 1 : 0));
    expect(
      await ctx.db.kysely.selectFrom('course').select('identifier').where('id', '=', id).executeTakeFirst(),
    ).toEqual({ identifier: 'USER-COURSE' });
    const translations = (await get(ctx, '/api/translation/all')).body.result as {
      slug: string;
      language: string;
      value: string;
    }[];
    const { readSourceTexts } = await import('./translations.ts');
    const title = readSourceTexts().get('shell.home.title')!;
    expect(translations.filter((t) => t.slug === 'shell.home.title').map((t) => t.value)).toEqual([
      title.de,
      'Edited',
      title.es,
    ]);
  });

  it('gives the same catalogue for the same day', async () => {
    const first = (await get(ctx, '/api/course/search?limit=100')).body.result;
    const { buildSeedCatalog } = await import('./catalog-data.ts');
    expect(buildSeedCatalog(testToday)).toEqual(buildSeedCatalog(testToday));
    expect(first.items[0].identifier).toBe(
      buildSeedCatalog(testToday)
        .courses.filter((c) => c.startDate >= testToday)
        .sort(
          (a, b) => a.startDate.localeCompare(b.startDate) || (a.startTime ?? '99').localeCompare(b.startTime ?? '99'),
        )[0]!.identifier,
    );
  });
});
