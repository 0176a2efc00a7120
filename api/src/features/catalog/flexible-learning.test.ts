import { flexibleLearningListSchema } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { buildSeedCatalog } from '../../db/seed/catalog-data.ts';
import { describeEachDatabase, get, testToday } from '../../test/databases.ts';

const seeded = buildSeedCatalog(testToday);

describeEachDatabase('GET /api/course/flexible-learning', (ctx) => {
  it('lists every module with its texts, level and upcoming appointments in date order', async () => {
    const { status, body } = await get(ctx, '/api/course/flexible-learning');
    expect(status).toBe(200);
    const modules = flexibleLearningListSchema.parse(body.result);
    expect(modules.map((m) => m.moduleIdentifier)).toEqual(
      seeded.flexibleCourses.map((m) => m.moduleIdentifier).sort(),
    );
    for (const module of modules) {
      const source = seeded.flexibleCourses.find((m) => m.moduleIdentifier === module.moduleIdentifier)!;
      expect(module.titles.map((t) => t.language)).toEqual(['de', 'en', 'es']);
      expect(module.titles[0]!.description).toBe(source.texts.de.title);
      expect(module.descriptions.filter((d) => d.type === 'pretitle')).toHaveLength(3);
      const appointments = seeded.courses.filter(
        (c) => c.flexibleModule === module.moduleIdentifier && c.startDate >= testToday,
      );
      expect(module.courses.map((c) => c.identifier).sort()).toEqual(appointments.map((c) => c.identifier).sort());
      expect(module.courses.every((c) => c.type === 2 && c.flexibleLearningCourseId === module.id)).toBe(true);
      const dates = module.courses.map((c) => c.startDate);
      expect(dates).toEqual([...dates].sort());
      expect(module.tags).toEqual([{ categoryId: 3, slug: module.moduleIdentifier.slice(0, 2).toLowerCase() }]);
      for (const course of module.courses) {
        expect(course.maxParticipants).toBeGreaterThan(0);
        expect(course.freePlaces).toBeLessThanOrEqual(course.maxParticipants);
        expect(course.registrationDeadline <= course.startDate).toBe(true);
      }
    }
    // Some modules can also be taken by appointment (no start/end time).
    expect(modules.some((m) => m.courses.some((c) => c.startTime === null && c.endTime === null))).toBe(true);
  });

  it('answers the same appointments as the course search with flexibleLearningId', async () => {
    const modules = flexibleLearningListSchema.parse((await get(ctx, '/api/course/flexible-learning')).body.result);
    const first = modules[0]!;
    const search = await get(ctx, `/api/course/search?flexibleLearningId=${first.id}&limit=100`);
    expect(first.courses.map((c) => c.id)).toEqual(search.body.result.items.map((c: { id: number }) => c.id));
  });

  it('reads the whole list in a fixed number of queries', async () => {
    ctx.queries.length = 0;
    await get(ctx, '/api/course/flexible-learning');
    expect(ctx.queries.length).toBeLessThanOrEqual(5);
  });

  it('leaves out past appointments but keeps the module', async () => {
    await ctx.db.kysely
      .updateTable('course')
      .set({ start_date: '2020-01-01' })
      .where('identifier', 'like', 'FL-A1.1-%')
      .execute();
    const modules = flexibleLearningListSchema.parse((await get(ctx, '/api/course/flexible-learning')).body.result);
    const module = modules.find((m) => m.moduleIdentifier === 'A1.1')!;
    expect(module.courses).toEqual([]);
    expect(module.tags).toEqual([]);
  });

  it('rejects unknown parameters with field errors', async () => {
    const { status, body } = await get(ctx, '/api/course/flexible-learning?flexibleLearningId=1');
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields)).toEqual(['flexibleLearningId']);
  });
});
