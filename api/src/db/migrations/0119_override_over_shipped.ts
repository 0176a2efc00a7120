import type { MigrationDb } from './helpers.ts';

/**
 * `translation_override.shipped_value`: the shipped text an operator's edit was made over. When a deploy ships
 * another text under the edit, the back office flags it (docs/decisions/0119-area-builds-carry-texts-and-
 * requirements.md). Edits from before stay unflagged (null): what they were made over is unknown.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('translation_override').addColumn('shipped_value', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('translation_override').dropColumn('shipped_value').execute();
}
