import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * - `translation_override`: an operator's text edits from the back office, a layer over the shipped texts of
 *   `translation` (which keep following the areas' source files): the shop reads the override where there is one.
 *   Edits an operator made straight in `translation` before (value no longer the seeded one) move here.
 * - `discount_code.active`: a code can be switched off without deleting it (its uses stay counted).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('translation_override')
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('staff_id', 'integer')
    .addPrimaryKeyConstraint('translation_override_pk', ['slug', 'language'])
    .execute();
  await sql`insert into translation_override (slug, language, value, updated_at)
    select slug, language, value, ${new Date(0).toISOString()} from translation
    where seeded_value is not null and value <> seeded_value`.execute(db);
  await sql`update translation set value = seeded_value
    where seeded_value is not null and value <> seeded_value`.execute(db);

  await db.schema
    .alterTable('discount_code')
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('discount_code').dropColumn('active').execute();
  await db.schema.dropTable('translation_override').execute();
}
