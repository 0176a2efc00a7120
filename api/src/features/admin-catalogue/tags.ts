import { ErrorCode } from '@shop/shared/contract';
import { type AdminTag, CatalogueErrorCode } from '@shop/shared/contract/admin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { derivedCategoryIds } from './derived-tags.ts';

/** listTags: every tag with its category, whether the dates decide it, and how many items carry it. */
export async function listTags(db: Kysely<Database>, query: { page: number; perPage: number; categoryId?: number }) {
  let q = db
    .selectFrom('tag')
    .innerJoin('tag_category', 'tag_category.id', 'tag.category_id')
    .select((eb) => [
      'tag.id',
      'tag.category_id',
      'tag_category.slug as category',
      'tag.slug',
      'tag.position',
      eb
        .selectFrom('course_tag')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('course_tag.tag_id', '=', 'tag.id')
        .as('course_uses'),
      eb
        .selectFrom('product_tag')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('product_tag.tag_id', '=', 'tag.id')
        .as('product_uses'),
    ]);
  if (query.categoryId !== undefined) q = q.where('tag.category_id', '=', query.categoryId);
  const rows = await q.orderBy('tag_category.position').orderBy('tag.position').orderBy('tag.id').execute();
  const items: AdminTag[] = rows.map((row) => ({
    id: row.id,
    categoryId: row.category_id,
    category: row.category,
    slug: row.slug,
    position: row.position,
    derived: derivedCategoryIds.includes(row.category_id),
    uses: Number(row.course_uses ?? 0) + Number(row.product_uses ?? 0),
  }));
  const start = (query.page - 1) * query.perPage;
  return {
    items: items.slice(start, start + query.perPage),
    total: items.length,
    page: query.page,
    perPage: query.perPage,
  };
}

/** createTag: a tag staff may choose (not one the dates decide), last in its category. */
export async function createTag(db: Kysely<Database>, body: { categoryId: number; slug: string }): Promise<AdminTag> {
  const category = await db.selectFrom('tag_category').selectAll().where('id', '=', body.categoryId).executeTakeFirst();
  if (!category) throw new AppError(400, ErrorCode.validation, 'Invalid body', { categoryId: 'No such category' });
  if (derivedCategoryIds.includes(category.id))
    throw new AppError(400, ErrorCode.validation, 'Invalid body', {
      categoryId: 'Tags of this category are computed from the dates',
    });
  const taken = await db.selectFrom('tag').select('id').where('slug', '=', body.slug).executeTakeFirst();
  if (taken)
    throw new AppError(409, CatalogueErrorCode.identifierTaken, 'A tag has this slug', {
      slug: 'Taken by another tag',
    });
  const { id, position } = await db
    .insertInto('tag')
    .values({
      category_id: category.id,
      slug: body.slug,
      position: sql<number>`(select coalesce(max(t.position), -1) + 1 from tag t where t.category_id = ${category.id})`,
    })
    .returning(['id', 'position'])
    .executeTakeFirstOrThrow();
  return {
    id,
    categoryId: category.id,
    category: category.slug,
    slug: body.slug,
    position,
    derived: false,
    uses: 0,
  };
}
