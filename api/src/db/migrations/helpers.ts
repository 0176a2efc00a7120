import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** Migrations receive an untyped Kysely: they describe the schema at their point in history. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- no schema type fits every point in history
export type MigrationDb = Kysely<any>;

export function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The one column that differs between the dialects: an auto-generated integer primary key is
 * `integer primary key autoincrement` in SQLite (never reuses ids) and `serial primary key` in PostgreSQL.
 */
export function withGeneratedId<T extends string>(
  db: MigrationDb,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** A per-language text table (title, pretitle, short) belonging to `ownerTable`. */
export async function createTextTable(db: MigrationDb, name: string, ownerTable: string, ownerColumn: string) {
  await db.schema
    .createTable(name)
    .addColumn(ownerColumn, 'integer', (col) => col.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('pretitle', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('short', 'text', (col) => col.notNull().defaultTo(''))
    .addPrimaryKeyConstraint(`${name}_pk`, [ownerColumn, 'language'])
    .execute();
}
