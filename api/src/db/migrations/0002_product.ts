import { sql } from 'kysely';
import { createTextTable, type MigrationDb, withGeneratedId } from './helpers.ts';

/** Plain products (e.g. DELE/SIELE exam preparation), with texts and tags like courses. */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('product'))
    .addColumn('institution_id', 'integer', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('discounted_price_cents', 'integer')
    .addCheckConstraint(
      'product_price_check',
      sql`price_cents >= 0 and (discounted_price_cents is null or discounted_price_cents >= 0)`,
    )
    .execute();
  await createTextTable(db, 'product_text', 'product', 'product_id');
  await db.schema
    .createTable('product_tag')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('product.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (col) => col.notNull().references('tag.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_tag_pk', ['product_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('product_institution_idx').on('product').column('institution_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['product_tag', 'product_text', 'product']) await db.schema.dropTable(table).ifExists().execute();
}
