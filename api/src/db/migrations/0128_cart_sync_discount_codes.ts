import type { MigrationDb } from './helpers.ts';

/**
 * A parked cart keeps its discount codes (the link to another device dropped them): JSON of the
 * normalised codes, '[]' for carts parked before.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('cart_sync')
    .addColumn('discount_codes', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('cart_sync').dropColumn('discount_codes').execute();
}
