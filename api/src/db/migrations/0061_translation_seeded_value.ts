import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * Remembers, per translation row, the source text the seeder last wrote (docs/decisions/0033-texts-from-the-server.md):
 * a row whose `value` still equals `seeded_value` is untouched and follows the areas' source texts on the next
 * start; any other row was changed by an operator and is kept. Rows from before this migration have no known
 * origin and count as an operator's, except the three texts the earlier seed wrote itself.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('translation').addColumn('seeded_value', 'text').execute();
  const earlierSeed = [
    ['de', 'Spanisch lernen online'],
    ['en', 'Learn Spanish online'],
    ['es', 'Aprende español online'],
  ] as const;
  for (const [language, value] of earlierSeed) {
    await sql`update translation set seeded_value = value
      where slug = 'shell.home.title' and language = ${language} and value = ${value}`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('translation').dropColumn('seeded_value').execute();
}
