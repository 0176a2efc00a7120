import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { up } from './0091_catalogue_derived_tags.ts';

describeEachDatabase('migration 0091: derived tags recomputed from the dates', (ctx) => {
  const tagsOf = async (id: number) =>
    (
      await ctx.db.kysely
        .selectFrom('course_tag')
        .innerJoin('tag', 'tag.id', 'course_tag.tag_id')
        .select('tag.slug')
        .where('course_tag.course_id', '=', id)
        .execute()
    )
      .map((t) => t.slug)
      .sort();

  it('lists a course moved by SQL under its new month and weekday, keeping its level and its meeting days', async () => {
    const db = ctx.db.kysely;
    // Two evening courses meeting Tuesdays and Thursdays, as the catalogue stood before 0090 (no meeting_days).
    const [kept, moved] = await db
      .selectFrom('course')
      .select(['id', 'start_date'])
      .where('identifier', 'like', 'GK-%-ABD-%')
      .orderBy('id')
      .limit(2)
      .execute();
    await db.updateTable('course').set({ meeting_days: null }).where('id', 'in', [kept!.id, moved!.id]).execute();
    const keptTags = await tagsOf(kept!.id);
    // Moved by SQL to Wednesday 4 March 2026, 10:00, one day long; its tags still say February, Tuesday, evening.
    await db
      .updateTable('course')
      .set({ start_date: '2026-03-04', end_date: '2026-03-04', start_time: '10:00', end_time: '11:30' })
      .where('id', '=', moved!.id)
      .execute();
    const level = (await tagsOf(moved!.id)).find((slug) => /^[abc][12]$/.test(slug))!;

    await up(db);

    expect(await tagsOf(kept!.id)).toEqual(keptTags);
    const row = await db
      .selectFrom('course')
      .select('meeting_days')
      .where('id', '=', kept!.id)
      .executeTakeFirstOrThrow();
    expect(row.meeting_days).toBe('1,3');
    expect(await tagsOf(moved!.id)).toEqual([level, 'march', 'morning', 'short', 'wednesday'].sort());
  });
});
