import { mailboxKey } from '../../features/customer/mailbox.ts';
import type { MigrationDb } from './helpers.ts';

/**
 * `discount_code_usage.inbox`: the inbox of the redemption's address (mailboxKey: `+tag` and, for providers that
 * ignore them, dots folded), so that once-per-customer codes count `anna+1@…` and `anna@…` as one buyer
 * (docs/decisions/0084-smaller-holes.md). Indexed per code as the address is; existing redemptions take theirs.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('discount_code_usage').addColumn('inbox', 'text').execute();
  const rows = (await db
    .selectFrom('discount_code_usage')
    .select(['id', 'email'])
    .where('email', 'is not', null)
    .execute()) as { id: number; email: string }[];
  for (const { id, email } of rows)
    await db
      .updateTable('discount_code_usage')
      .set({ inbox: mailboxKey(email) })
      .where('id', '=', id)
      .execute();
  await db.schema
    .createIndex('discount_code_usage_inbox_idx')
    .on('discount_code_usage')
    .columns(['discount_code_id', 'inbox'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('discount_code_usage_inbox_idx').ifExists().execute();
  await db.schema.alterTable('discount_code_usage').dropColumn('inbox').execute();
}
