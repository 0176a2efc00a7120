import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.ts';

/**
 * Cases, staff refunds and notices to the school (docs/decisions/0113-cases-and-refunds.md):
 * - `order_case` may name no order (a failed mail to somebody who never ordered), carries its cause's key (unique:
 *   one case per cause, whichever process sees it first), the payment, declaration, mail or refund it is about, and
 *   who resolved it with which note.
 * - `refund` also holds the owner's refunds (no declaration), with who asked, why, and the provider's refusal.
 * - `withdrawal_decision`: what became of a declaration (the declaration itself stays append-only).
 * - `school_notice_settings`: one row, which notices the school gets and where; `school_notice_digest` claims each day.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table order_case alter column order_id drop not null`.execute(db);
    await sql`alter table refund alter column withdrawal_id drop not null`.execute(db);
  } else {
    await rebuildWithoutNotNull(db, 'order_case', 'order_id');
    await rebuildWithoutNotNull(db, 'refund', 'withdrawal_id');
    await db.schema.createIndex('order_case_status_idx').on('order_case').columns(['status', 'id']).execute();
    await db.schema.createIndex('refund_order_idx').on('refund').column('order_id').execute();
  }
  for (const column of ['cause_key', 'resolution_note'])
    await db.schema.alterTable('order_case').addColumn(column, 'text').execute();
  for (const column of ['payment_id', 'withdrawal_id', 'mail_id', 'refund_id', 'resolved_by'])
    await db.schema.alterTable('order_case').addColumn(column, 'integer').execute();
  const legacyKey = isPostgres(db) ? sql`'legacy:' || id::text` : sql`'legacy:' || id`;
  await db.updateTable('order_case').set({ cause_key: legacyKey }).execute();
  await db.schema.createIndex('order_case_cause_unique').on('order_case').column('cause_key').unique().execute();
  await db.schema.createIndex('order_case_order_idx').on('order_case').column('order_id').execute();

  await db.schema
    .alterTable('refund')
    .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('refund').addColumn('staff_id', 'integer').execute();
  await db.schema.alterTable('refund').addColumn('failure_reason', 'text').execute();

  await db.schema
    .createTable('withdrawal_decision')
    .addColumn('declaration_id', 'integer', (col) => col.primaryKey().references('withdrawal_declaration.id'))
    .addColumn('order_id', 'integer')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('decided_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('school_notice_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('recipient', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('order_paid', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('withdrawal', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('new_case', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('daily_digest', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('school_notice_settings_one_row', sql`id = 1`)
    .execute();
  await db
    .insertInto('school_notice_settings')
    .values({ id: 1, updated_at: new Date(0).toISOString() })
    .execute();
  await db.schema
    .createTable('school_notice_digest')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .execute();
}

/**
 * SQLite cannot drop a NOT NULL: the table is copied into one declared without it (its other columns, checks and
 * references as they are), then takes the old one's name. Nothing references these tables.
 */
async function rebuildWithoutNotNull(db: MigrationDb, table: string, column: string): Promise<void> {
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const create = rows[0]!.sql;
  const pattern = new RegExp(`("?${column}"?\\s+integer)\\s+not null`, 'i');
  if (!pattern.test(create)) throw new Error(`${table}.${column}: NOT NULL not found in ${create}`);
  const next = create.replace(pattern, '$1').replace(/^create table\s+"?\w+"?/i, `create table "${table}_next"`);
  await sql.raw(next).execute(db);
  await sql.raw(`insert into "${table}_next" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${table}_next" rename to "${table}"`).execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('school_notice_digest').ifExists().execute();
  await db.schema.dropTable('school_notice_settings').ifExists().execute();
  await db.schema.dropTable('withdrawal_decision').ifExists().execute();
  for (const column of ['failure_reason', 'staff_id', 'reason'])
    await db.schema.alterTable('refund').dropColumn(column).execute();
  await db.schema.dropIndex('order_case_order_idx').ifExists().execute();
  await db.schema.dropIndex('order_case_cause_unique').ifExists().execute();
  for (const column of ['resolved_by', 'refund_id', 'mail_id', 'withdrawal_id', 'payment_id', 'resolution_note'])
    await db.schema.alterTable('order_case').dropColumn(column).execute();
  await db.schema.alterTable('order_case').dropColumn('cause_key').execute();
}
