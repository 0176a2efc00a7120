import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.ts';

/**
 * Withdrawal declarations stay append-only (0059), with one exception the GDPR's erasure needs (docs/privacy.md):
 * an update may blank who declared (name and address to '', the account to null), and nothing else. What was
 * declared, when, and for which order stays as received; a declaration is still never deleted.
 */
const changesMoreThanTheDeclarant = `
  new.id is distinct from old.id
  or new.received_at is distinct from old.received_at
  or new.order_number is distinct from old.order_number
  or new.positions is distinct from old.positions
  or new.locale is distinct from old.locale
  or (new.name is distinct from old.name and new.name <> '')
  or (new.email is distinct from old.email and new.email <> '')
  or (new.customer_id is distinct from old.customer_id and new.customer_id is not null)`;

export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger withdrawal_declaration_append_only on withdrawal_declaration`.execute(db);
    await sql`create trigger withdrawal_declaration_no_delete before delete on withdrawal_declaration
      for each row execute function withdrawal_declaration_append_only()`.execute(db);
    await sql
      .raw(
        `create trigger withdrawal_declaration_only_erasure before update on withdrawal_declaration
      for each row when (${changesMoreThanTheDeclarant}) execute function withdrawal_declaration_append_only()`,
      )
      .execute(db);
  } else {
    await sql`drop trigger withdrawal_declaration_no_update`.execute(db);
    await sql
      .raw(
        `create trigger withdrawal_declaration_only_erasure before update on withdrawal_declaration
      when (${changesMoreThanTheDeclarant.replaceAll('is distinct from', 'is not')})
      begin select raise(abort, 'withdrawal_declaration is append-only'); end`,
      )
      .execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger withdrawal_declaration_only_erasure on withdrawal_declaration`.execute(db);
    await sql`drop trigger withdrawal_declaration_no_delete on withdrawal_declaration`.execute(db);
    await sql`create trigger withdrawal_declaration_append_only before update or delete on withdrawal_declaration
      for each row execute function withdrawal_declaration_append_only()`.execute(db);
  } else {
    await sql`drop trigger withdrawal_declaration_only_erasure`.execute(db);
    await sql
      .raw(
        `create trigger withdrawal_declaration_no_update before update on withdrawal_declaration begin select raise(abort, 'withdrawal_declaration is append-only'); end`,
      )
      .execute(db);
  }
}
