import { sql } from 'kysely';
import { isPostgres, withGeneratedId, type MigrationDb } from './helpers.ts';

/**
 * The back office's people and its record (docs/decisions/0094-admin-api-staff-and-audit.md):
 * - `staff`: accounts apart from `customer` (a customer token never opens an admin call, nor a staff token a
 *   shop call), with a role, an argon2id hash once a password is set, and a TOTP secret once enrolled;
 * - `staff_session`: opaque tokens stored hashed, with an idle and an absolute end;
 * - `staff_setup_token`: the one-time links that set a password (and enrol the second factor);
 * - `audit_log`: every change through the admin API, append-only (triggers refuse update and delete).
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('staff'))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enrolled_at', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('last_login_at', 'text')
    .addColumn('disabled_at', 'text')
    .execute();

  await withGeneratedId(db, db.schema.createTable('staff_session'))
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('staff_session_staff_idx').on('staff_session').column('staff_id').execute();

  await withGeneratedId(db, db.schema.createTable('staff_setup_token'))
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();

  // Who is kept as text besides the id: the log outlives the account it names.
  await withGeneratedId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('staff_id', 'integer')
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity_type', 'entity_id']).execute();

  if (isPostgres(db)) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (isPostgres(db)) await sql`drop function if exists audit_log_append_only()`.execute(db);
  await db.schema.dropTable('staff_setup_token').execute();
  await db.schema.dropTable('staff_session').execute();
  await db.schema.dropTable('staff').execute();
}
