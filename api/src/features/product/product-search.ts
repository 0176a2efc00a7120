import type { Product, productSearchQuerySchema } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { centsToEuros, maxSqlInteger } from '@shop/shared/money';
import { groupBy, toContractTexts } from '../catalog/texts.ts';

export type ProductFilter = z.output<typeof productSearchQuerySchema>;

/**
 * The product search of docs/product-rules.md#api-calls, ordered by id. Tags are ids: those of one category are alternatives (OR),
 * each category narrows further (AND), unknown ids are ignored — the same rules as the course search.
 */
export async function searchProducts(db: Kysely<Database>, filter: ProductFilter) {
  const { page, limit } = filter;
  const empty = { items: [], total: 0, page, limit };
  // Ids beyond the integer range cannot exist; comparing with them would be a PostgreSQL error.
  if ([filter.productId, filter.institutionId].some((id) => id !== undefined && id > maxSqlInteger)) return empty;
  const tagIds = (filter.tags ?? []).filter((id) => id <= maxSqlInteger);
  const tagGroups =
    tagIds.length === 0
      ? []
      : [
          ...groupBy(
            await db
              .selectFrom('tag')
              .select(['id', 'category_id'])
              .where('id', 'in', [...new Set(tagIds)])
              .execute(),
            (t) => t.category_id,
          ).values(),
        ];

  let query = db.selectFrom('product').where('product.status', '=', 'published');
  if (filter.productId !== undefined) query = query.where('product.id', '=', filter.productId);
  if (filter.institutionId !== undefined) query = query.where('product.institution_id', '=', filter.institutionId);
  for (const group of tagGroups) {
    const ids = group.map((t) => t.id);
    query = query.where(
      'product.id',
      'in',
      db.selectFrom('product_tag').select('product_tag.product_id').where('product_tag.tag_id', 'in', ids),
    );
  }

  const countRow = await query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const total = Number(countRow?.count ?? 0);
  const offset = (page - 1) * limit;
  if (offset >= total) return { ...empty, total };

  const rows = await query.selectAll('product').orderBy('product.id').limit(limit).offset(offset).execute();
  return { items: await toProducts(db, rows), total, page, limit };
}

/** Texts and tags for a page of products in two batch queries. */
export async function toProducts(
  db: Kysely<Database>,
  rows: readonly { id: number; institution_id: number; price_cents: number; discounted_price_cents: number | null }[],
): Promise<Product[]> {
  const ids = rows.map((r) => r.id);
  const [texts, tags] = await Promise.all([
    db.selectFrom('product_text').selectAll().where('product_id', 'in', ids).execute(),
    db
      .selectFrom('product_tag')
      .innerJoin('tag', 'tag.id', 'product_tag.tag_id')
      .select(['product_tag.product_id', 'tag.category_id', 'tag.slug'])
      .where('product_tag.product_id', 'in', ids)
      .orderBy('tag.category_id')
      .orderBy('tag.position')
      .execute(),
  ]);
  const textsByProduct = groupBy(texts, (t) => t.product_id);
  const tagsByProduct = groupBy(tags, (t) => t.product_id);
  return rows.map((row) => ({
    id: row.id,
    institutionId: row.institution_id,
    ...toContractTexts(textsByProduct.get(row.id) ?? []),
    tags: (tagsByProduct.get(row.id) ?? []).map((t) => ({ categoryId: t.category_id, slug: t.slug })),
    price: centsToEuros(row.price_cents),
    discountedPrice: row.discounted_price_cents === null ? null : centsToEuros(row.discounted_price_cents),
  }));
}
