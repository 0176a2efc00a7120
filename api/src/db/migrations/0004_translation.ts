import type { MigrationDb } from './helpers.ts';

/** Server-side translation texts (docs/product-rules.md#data Translation): one row per key and language. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('translation')
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('translation_pk', ['slug', 'language'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('translation').ifExists().execute();
}
