import { ErrorCode } from '@shop/shared/contract';
import {
  type AdminProduct,
  CatalogueErrorCode,
  type CreateProductBody,
  type PublishStatus,
  type UpdateProductBody,
} from '@shop/shared/contract/admin';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { groupBy } from '../catalog/texts.ts';
import {
  type CatalogueFacts,
  sameTexts,
  textsFromInput,
  textsFromRows,
  type TextsRecord,
  textsToOutput,
} from './course-records.ts';
import { derivedCategoryIds } from './derived-tags.ts';

/** A product as staff decide it (import key: `identifier`). */
export interface ProductRecord {
  identifier: string;
  status: PublishStatus;
  institutionId: number;
  priceCents: number;
  discountedPriceCents: number | null;
  tags: string[];
  texts: TextsRecord;
}

export interface StoredProduct {
  id: number;
  record: ProductRecord;
  /** Order positions naming it: such a product cannot be deleted. */
  orderLines: number;
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export async function loadStoredProducts(db: Kysely<Database>, ids?: readonly number[]): Promise<StoredProduct[]> {
  const all = ids ?? (await db.selectFrom('product').select('id').orderBy('id').execute()).map((r) => r.id);
  const stored: StoredProduct[] = [];
  for (const chunk of chunks(all, 500)) {
    const [rows, texts, tags, lines] = await Promise.all([
      db.selectFrom('product').selectAll().where('id', 'in', chunk).orderBy('id').execute(),
      db.selectFrom('product_text').selectAll().where('product_id', 'in', chunk).execute(),
      db
        .selectFrom('product_tag')
        .innerJoin('tag', 'tag.id', 'product_tag.tag_id')
        .select(['product_tag.product_id', 'tag.slug'])
        .where('product_tag.product_id', 'in', chunk)
        .execute(),
      db
        .selectFrom('product_order')
        .select((eb) => ['product_id', eb.fn.countAll<number | string>().as('n')])
        .where('product_id', 'in', chunk)
        .groupBy('product_id')
        .execute(),
    ]);
    const textsBy = groupBy(texts, (t) => t.product_id);
    const tagsBy = groupBy(tags, (t) => t.product_id);
    const linesBy = new Map(lines.map((l) => [l.product_id, Number(l.n)]));
    for (const row of rows)
      stored.push({
        id: row.id,
        record: {
          identifier: row.identifier ?? `PRODUCT-${row.id}`,
          status: row.status,
          institutionId: row.institution_id,
          priceCents: row.price_cents,
          discountedPriceCents: row.discounted_price_cents,
          tags: (tagsBy.get(row.id) ?? []).map((t) => t.slug).sort(),
          texts: textsFromRows(textsBy.get(row.id) ?? []),
        },
        orderLines: linesBy.get(row.id) ?? 0,
      });
  }
  return stored;
}

export function toAdminProduct(product: StoredProduct): AdminProduct {
  const r = product.record;
  return {
    id: product.id,
    identifier: r.identifier,
    status: r.status,
    institutionId: r.institutionId,
    priceCents: r.priceCents,
    discountedPriceCents: r.discountedPriceCents,
    tags: r.tags,
    texts: textsToOutput(r.texts),
  };
}

export function productDifferences(a: ProductRecord, b: ProductRecord): string[] {
  const fields: string[] = [];
  for (const key of ['identifier', 'status', 'institutionId', 'priceCents', 'discountedPriceCents'] as const)
    if (a[key] !== b[key]) fields.push(key);
  if (a.tags.join(',') !== b.tags.join(',')) fields.push('tags');
  if (!sameTexts(a.texts, b.texts)) fields.push('texts');
  return fields;
}

export function productFieldErrors(record: ProductRecord, facts: CatalogueFacts): Record<string, string> {
  const errors: Record<string, string> = {};
  if (record.discountedPriceCents !== null && record.discountedPriceCents >= record.priceCents)
    errors.discountedPriceCents = 'The offer price must be below the price';
  const unknown = record.tags.filter((slug) => !facts.tags.has(slug));
  if (unknown.length > 0) errors.tags = `Unknown tags: ${unknown.join(', ')}`;
  else if (record.tags.some((slug) => derivedCategoryIds.includes(facts.tags.get(slug)!)))
    errors.tags = 'Date tags are for courses';
  if (!record.texts.de?.title) errors['texts.de.title'] = 'A German title is required';
  return errors;
}

export interface ProductWrites {
  creates: ProductRecord[];
  updates: { stored: StoredProduct; record: ProductRecord }[];
  deletes: StoredProduct[];
}

/** Writes products in batches in the caller's transaction. A price change touches no order: they keep their own. */
export async function applyProductWrites(db: Kysely<Database>, writes: ProductWrites): Promise<Map<string, number>> {
  const created = new Map<string, number>();
  const tagIds = new Map((await db.selectFrom('tag').select(['id', 'slug']).execute()).map((t) => [t.slug, t.id]));
  for (const part of chunks(writes.deletes, 500))
    await db
      .deleteFrom('product')
      .where(
        'id',
        'in',
        part.map((p) => p.id),
      )
      .execute();
  const row = (r: ProductRecord) => ({
    identifier: r.identifier,
    status: r.status,
    institution_id: r.institutionId,
    price_cents: r.priceCents,
    discounted_price_cents: r.discountedPriceCents,
  });
  const rewrite: { id: number; record: ProductRecord; fresh: boolean }[] = [];
  for (const part of chunks(writes.creates, 200)) {
    const inserted = await db.insertInto('product').values(part.map(row)).returning(['id', 'identifier']).execute();
    for (const r of inserted) created.set(r.identifier!, r.id);
    for (const record of part) rewrite.push({ id: created.get(record.identifier)!, record, fresh: true });
  }
  for (const { stored, record } of writes.updates) {
    const fields = productDifferences(stored.record, record);
    if (fields.length === 0) continue;
    await db.updateTable('product').set(row(record)).where('id', '=', stored.id).execute();
    if (fields.includes('texts') || fields.includes('tags')) rewrite.push({ id: stored.id, record, fresh: false });
  }
  for (const part of chunks(rewrite, 500)) {
    const old = part.filter((w) => !w.fresh).map((w) => w.id);
    if (old.length > 0) {
      await db.deleteFrom('product_text').where('product_id', 'in', old).execute();
      await db.deleteFrom('product_tag').where('product_id', 'in', old).execute();
    }
    const texts: Insertable<Database['product_text']>[] = part.flatMap((w) =>
      Object.entries(w.record.texts).map(([language, t]) => ({ product_id: w.id, language, ...t! })),
    );
    if (texts.length) await db.insertInto('product_text').values(texts).execute();
    const tags = part.flatMap((w) =>
      w.record.tags.flatMap((slug) => (tagIds.has(slug) ? [{ product_id: w.id, tag_id: tagIds.get(slug)! }] : [])),
    );
    if (tags.length) await db.insertInto('product_tag').values(tags).execute();
  }
  return created;
}

export async function readProduct(db: Kysely<Database>, id: number): Promise<StoredProduct> {
  const [product] = await loadStoredProducts(db, [id]);
  if (!product) throw notFound('No product with this id');
  return product;
}

export async function listProducts(
  db: Kysely<Database>,
  query: { page: number; perPage: number; q?: string; status?: PublishStatus },
) {
  let q = db.selectFrom('product');
  if (query.status) q = q.where('product.status', '=', query.status);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(product.identifier)`, 'like', sql`${pattern} escape '\\'`),
        eb.exists(
          eb
            .selectFrom('product_text')
            .select('product_text.product_id')
            .whereRef('product_text.product_id', '=', 'product.id')
            .where(sql`lower(product_text.title)`, 'like', sql`${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select('product.id')
    .orderBy('product.id')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  const byId = new Map(
    (
      await loadStoredProducts(
        db,
        rows.map((r) => r.id),
      )
    ).map((p) => [p.id, p]),
  );
  return { items: rows.map((r) => byId.get(r.id)!), total: Number(total), page: query.page, perPage: query.perPage };
}

async function checked(db: Kysely<Database>, record: ProductRecord, ownId: number | null, facts: CatalogueFacts) {
  const fields = productFieldErrors(record, facts);
  if (Object.keys(fields).length > 0) throw new AppError(400, ErrorCode.validation, 'Invalid body', fields);
  const other = await db
    .selectFrom('product')
    .select('id')
    .where('identifier', '=', record.identifier)
    .executeTakeFirst();
  if (other && other.id !== ownId)
    throw new AppError(409, CatalogueErrorCode.identifierTaken, 'Another product has this identifier', {
      identifier: 'Taken by another product',
    });
}

/** createProduct: a draft until published. */
export async function createProduct(db: Kysely<Database>, body: CreateProductBody, facts: CatalogueFacts) {
  const record: ProductRecord = {
    identifier: body.identifier,
    status: 'draft',
    institutionId: body.institutionId,
    priceCents: body.priceCents,
    discountedPriceCents: body.discountedPriceCents,
    tags: [...new Set(body.tags)].sort(),
    texts: textsFromInput(body.texts),
  };
  await checked(db, record, null, facts);
  const created = await applyProductWrites(db, { creates: [record], updates: [], deletes: [] });
  return readProduct(db, created.get(record.identifier)!);
}

/** updateProduct: any field, `status` publishing or unpublishing it. Orders keep the prices they were sold at. */
export async function updateProduct(db: Kysely<Database>, id: number, body: UpdateProductBody, facts: CatalogueFacts) {
  const before = await readProduct(db, id);
  const r = before.record;
  const record: ProductRecord = {
    identifier: body.identifier ?? r.identifier,
    status: body.status ?? r.status,
    institutionId: body.institutionId ?? r.institutionId,
    priceCents: body.priceCents ?? r.priceCents,
    discountedPriceCents: body.discountedPriceCents !== undefined ? body.discountedPriceCents : r.discountedPriceCents,
    tags: body.tags ? [...new Set(body.tags)].sort() : r.tags,
    texts: body.texts ? textsFromInput(body.texts) : r.texts,
  };
  await checked(db, record, id, facts);
  await applyProductWrites(db, { creates: [], updates: [{ stored: before, record }], deletes: [] });
  return { before, after: await readProduct(db, id) };
}
