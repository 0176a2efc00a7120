import type { TagCategory } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { groupBy } from './texts.ts';

/** All tag categories with their tags, in display order; nothing is selected on the server. */
export async function listTagCategories(db: Kysely<Database>): Promise<TagCategory[]> {
  const [categories, tags] = await Promise.all([
    db.selectFrom('tag_category').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('tag').selectAll().orderBy('category_id').orderBy('position').orderBy('id').execute(),
  ]);
  const tagsByCategory = groupBy(tags, (t) => t.category_id);
  return categories.map((category) => ({
    id: category.id,
    slug: category.slug,
    tags: (tagsByCategory.get(category.id) ?? []).map((t) => ({ id: t.id, slug: t.slug, selected: false })),
  }));
}
