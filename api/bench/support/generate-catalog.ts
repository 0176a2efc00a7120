import { CourseType, languages } from '@shop/shared/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';
import { courseTags, type Level } from '../../src/db/seed/tags.ts';
import { addDays } from '../../src/lib/dates.ts';

const levels: Level[] = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'];
const times = ['09:00', '10:30', '12:30', '15:00', '17:30', '18:30', '19:30', null];

/** A small deterministic PRNG (mulberry32): the same catalogue on every run, so runs compare. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Replaces the seeded courses with `count` generated ones starting within the next twelve months: all three
 * types, every level, weekday and time, some by appointment, some discounted, texts in three languages and the
 * tags the seed derives from dates. Tag categories, products and flexible modules stay as seeded.
 */
export async function generateCourses(db: Db, count: number, today: string): Promise<void> {
  const next = random(20260115);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const tagIds = new Map(
    (await db.kysely.selectFrom('tag').select(['id', 'slug']).execute()).map((t) => [t.slug, t.id]),
  );
  const modules = (await db.kysely.selectFrom('flexible_learning_course').select('id').execute()).map((m) => m.id);
  await db.kysely.deleteFrom('course').execute();

  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, i) => {
      const type = pick([
        CourseType.fullCourse,
        CourseType.fullCourse,
        CourseType.conversationHours,
        CourseType.flexibleAppointment,
      ]);
      const level = pick(levels);
      const startDate = addDays(today, Math.floor(next() * 365));
      const startTime = type === CourseType.fullCourse ? pick(times.filter(Boolean)) : pick(times);
      const endDate = type === CourseType.fullCourse ? addDays(startDate, 7 * Math.floor(2 + next() * 14)) : startDate;
      const max = pick([6, 8, 10, 12]);
      const price =
        type === CourseType.fullCourse
          ? pick([28900, 31900, 34900, 44900])
          : type === CourseType.conversationHours
            ? 2500
            : 6900;
      const course: Insertable<Database['course']> = {
        type,
        identifier: `BENCH-${start + i}`,
        start_date: startDate,
        start_time: startTime,
        end_date: endDate,
        end_time: startTime
          ? `${String(Number(startTime.slice(0, 2)) + 1).padStart(2, '0')}${startTime.slice(2)}`
          : null,
        registration_deadline: addDays(startDate, -2),
        max_participants: max,
        free_places: Math.floor(next() * (max + 1)),
        price_cents: price,
        discounted_price_cents: next() < 0.2 ? (price - 3000 > 0 ? price - 3000 : null) : null,
        flexible_learning_course_id: type === CourseType.flexibleAppointment ? pick(modules) : null,
      };
      return {
        course,
        tags: courseTags({ startDate, endDate, startTime }, level),
        title: `Spanisch ${level.toUpperCase()} #${start + i}`,
      };
    });
    const ids = await db.kysely
      .insertInto('course')
      .values(batch.map((b) => b.course))
      .returning('id')
      .execute();
    await db.kysely
      .insertInto('course_text')
      .values(
        ids.flatMap(({ id }, i) =>
          languages.map((language) => ({
            course_id: id,
            language,
            title: batch[i]!.title,
            pretitle: '8 Wochen · online',
            short: 'Generiert für den Lasttest.',
          })),
        ),
      )
      .execute();
    await db.kysely
      .insertInto('course_tag')
      .values(ids.flatMap(({ id }, i) => batch[i]!.tags.map((slug) => ({ course_id: id, tag_id: tagIds.get(slug)! }))))
      .execute();
  }
}
