import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * Online backup and restore of the SQLite database with SQLite's backup API (better-sqlite3's `backup`): it copies
 * page by page from a read transaction, so the copy is one consistent state even while API processes keep writing
 * (docs/decisions/0010-operations.md). PostgreSQL has pg_dump/pg_restore for this (docs/operations.md).
 */

/** `shop-20260115-090000.sqlite`, in UTC, so backups sort by time. */
export function backupFileName(now: Date): string {
  return `shop-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.sqlite`;
}

/** Writes a consistent copy of the database at `source` to `target` (a new file); resolves with its size in bytes. */
export async function backupSqlite(source: string, target: string): Promise<number> {
  if (fs.existsSync(target)) throw new Error(`${target} exists already; a backup never overwrites a file`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const database = new SqliteDatabase(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    await database.backup(target);
  } finally {
    database.close();
  }
  checkShopDatabase(target);
  return fs.statSync(target).size;
}

/** Throws unless `file` is an intact SQLite database with the shop's migrations table. */
export function checkShopDatabase(file: string): void {
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = database.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} is damaged: ${String(integrity)}`);
    const migrations = database
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get() as { n: number };
    if (migrations.n !== 1) throw new Error(`${file} is not a shop database (no migrations table)`);
  } finally {
    database.close();
  }
}

/**
 * Replaces the database at `target` with the backup at `backup`, through the backup API as well (so the WAL of the
 * target is handled by SQLite, not by copying files). The database as it was is kept first, at the returned path.
 * The API must be stopped: a running process would keep serving what it has cached.
 */
export async function restoreSqlite(backup: string, target: string, now = new Date()): Promise<string | null> {
  checkShopDatabase(backup);
  let previous: string | null = null;
  if (fs.existsSync(target)) {
    previous = `${target}.before-restore-${backupFileName(now).replace(/^shop-|\.sqlite$/g, '')}`;
    await backupSqlite(target, previous);
  }
  const source = new SqliteDatabase(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  return previous;
}
