import { courseTagsResultSchema } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, get } from '../../test/databases.ts';

describeEachDatabase('GET /api/course/tags', (ctx) => {
  it('lists the categories with fixed ids, each with its tags in display order, none selected', async () => {
    const { status, body } = await get(ctx, '/api/course/tags');
    expect(status).toBe(200);
    const categories = courseTagsResultSchema.parse(body.result);
    expect(categories.map((c) => [c.id, c.slug])).toEqual([
      [1, 'time'],
      [2, 'month'],
      [3, 'level'],
      [4, 'time-range'],
      [5, 'collection'],
      [6, 'weekday'],
    ]);
    const tags = (slug: string) => categories.find((c) => c.slug === slug)!.tags.map((t) => t.slug);
    expect(tags('time')).toEqual(['morning', 'afternoon', 'evening']);
    expect(tags('month')).toHaveLength(12);
    expect(tags('month').slice(0, 2)).toEqual(['january', 'february']);
    expect(tags('level')).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2']);
    expect(tags('time-range')).toEqual(['short', 'medium', 'long']);
    expect(tags('collection')).toEqual(['online-intensivecourses']);
    expect(tags('weekday')).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(categories.flatMap((c) => c.tags).every((t) => t.selected === false)).toBe(true);
    const allIds = categories.flatMap((c) => c.tags.map((t) => t.id));
    expect(new Set(allIds).size).toBe(allIds.length);
  });

  it('rejects unknown parameters with field errors, as its sibling calls do', async () => {
    const { status, body } = await get(ctx, '/api/course/tags?categoryId=3');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { categoryId: expect.any(String) } });
  });

  it('gives an empty list on an empty catalogue rather than failing', async () => {
    await ctx.db.kysely.deleteFrom('course_tag').execute();
    await ctx.db.kysely.deleteFrom('product_tag').execute();
    await ctx.db.kysely.deleteFrom('tag').execute();
    await ctx.db.kysely.deleteFrom('tag_category').execute();
    const { status, body } = await get(ctx, '/api/course/tags');
    expect(status).toBe(200);
    expect(body).toEqual({ result: [] });
  });
});
