import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * Once-per-customer discount codes count the uses of an address, not only of an account
 * (docs/decisions/0006-charged-total.md): each redemption keeps its order's address, trimmed and lower-cased,
 * indexed per code so the count stays one index lookup. Existing redemptions take their order's address.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('discount_code_usage').addColumn('email', 'text').execute();
  await sql`update discount_code_usage set email = (select lower(trim(shop_order.email)) from shop_order where shop_order.id = discount_code_usage.order_id) where order_id is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('discount_code_usage_email_idx')
    .on('discount_code_usage')
    .columns(['discount_code_id', 'email'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('discount_code_usage_email_idx').ifExists().execute();
  await db.schema.alterTable('discount_code_usage').dropColumn('email').execute();
}
