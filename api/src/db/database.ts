import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './schema.ts';

export type Dialect = DatabaseConfig['dialect'];

/** An open database: the Kysely instance plus which dialect it speaks (some SQL differs). */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Called with every SQL statement run (tests count queries with it, e.g. to rule out N+1). */
  onQuery?: (sql: string) => void;
}

export function createDatabase(config: DatabaseConfig, { onQuery }: DatabaseOptions = {}): Db {
  const log = onQuery ? (event: LogEvent) => onQuery(event.query.sql) : undefined;
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }

  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  // WAL lets readers proceed while a write is in progress; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
