import { withGeneratedId, type MigrationDb } from './helpers.ts';

/**
 * `withdrawal_confirmation`: the single-use link of a declaration that matched an order by number and address
 * but was not made by its logged-in owner (docs/withdrawal-rules.md, docs/decisions/0062-withdrawal-confirmed-by-link.md).
 * The shop acts on such a declaration only once the link is opened. Only the token's SHA-256 hash is stored, like
 * every link token; `confirmed_at` is set once, conditionally, so a replayed link never acts twice. The declaration
 * itself stays untouched (append-only).
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('withdrawal_confirmation'))
    .addColumn('withdrawal_id', 'integer', (col) => col.notNull().unique().references('withdrawal_declaration.id'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('withdrawal_confirmation').ifExists().execute();
}
