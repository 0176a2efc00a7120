import type { MigrationDb } from './helpers.ts';

/**
 * `school_identity`: the school as the shop names it (mails, the shop's header and footer, the sandbox page), one
 * row (id 1) that the owner edits in the back office (docs/decisions/0095-school-identity-and-demo-data.md).
 * Production starts without it and is not ready until it is set; development seeds a demo school.
 * `seed_marker`: what a start has seeded once (`demo`), so what staff delete is never seeded again.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('school_identity')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('postal_address', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('vat_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('vat_exemption_note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('logo_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('website_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('imprint_url', 'text', (col) => col.notNull())
    .addColumn('privacy_url', 'text', (col) => col.notNull())
    .addColumn('terms_url', 'text', (col) => col.notNull())
    .addColumn('withdrawal_url', 'text', (col) => col.notNull())
    .addColumn('contact_url', 'text', (col) => col.notNull())
    .addColumn('demo', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('seed_marker')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('seeded_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('seed_marker').execute();
  await db.schema.dropTable('school_identity').execute();
}
