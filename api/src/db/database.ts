import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LogEvent,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './schema.ts';

export type Dialect = DatabaseConfig['dialect'];

/** An open database: the Kysely instance plus which dialect it speaks (some SQL differs). */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** SQLite: the database file (`:memory:` in tests); the start-up lock lies beside it (startup.ts). */
  file?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Called with every SQL statement run (tests count queries with it, e.g. to rule out N+1). */
  onQuery?: (sql: string) => void;
}

export function createDatabase(config: DatabaseConfig, { onQuery }: DatabaseOptions = {}): Db {
  const log = onQuery ? (event: LogEvent) => onQuery(event.query.sql) : undefined;
  if (config.dialect === 'postgres') {
    // A server that cannot be reached fails a request after 5 s (503, http/errors.ts) instead of holding it.
    const pool = new pg.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    // A client taken from the pool (inside a transaction, say) whose connection ends emits 'error' with no pool
    // listener on it: unheard, that would end the process. Its query fails all the same (a 503, http/errors.ts).
    pool.on('connect', (client) => client.on('error', () => {}));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }

  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  // WAL lets readers proceed while a write is in progress; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    log,
  });
  return { kysely, dialect: 'sqlite', file: config.file, close: () => kysely.destroy() };
}

/**
 * SQLite transactions begin IMMEDIATE, taking the write lock at `begin` (waiting up to busy_timeout for it), where
 * Kysely's plain `begin` is DEFERRED. A deferred transaction that reads and then writes (submit prices the cart,
 * then takes places) has to upgrade its read snapshot to the write lock; when another process holds that lock, or
 * committed since the snapshot, SQLite fails at once with SQLITE_BUSY / SQLITE_BUSY_SNAPSHOT ("database is
 * locked") without calling the busy handler. So with two API processes on one file, a checkout failed whenever
 * the other process's sweep or job wrote in between. Within one process transactions are serialized anyway.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely prepares every statement anew on each execution; on hot paths (the cart price runs four queries per
 * request) preparing was the largest single cost. The same SQL text reuses its prepared statement instead;
 * better-sqlite3 runs one statement at a time, so sharing is safe (no `.stream()` queries here, which would
 * keep a statement busy). Bounded, least recently used first out, since `in (…)` lists vary the text.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, size = 500) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * The API's one way to run work in a transaction. Given a Db, `work` gets a Db on the transaction, so that
 * functions taking a Db (tokens, sessions, the mail outbox) take part in it; given a Kysely, a Kysely. Work called
 * inside a transaction joins it (Kysely does not nest them). SQLite's transactions begin IMMEDIATE (above).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T>;
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
export function inTransaction<T>(
  db: Db | Kysely<Database>,
  work: ((tx: Db) => Promise<T>) | ((trx: Transaction<Database>) => Promise<T>),
): Promise<T> {
  // The overloads pair each kind of handle with its kind of work.
  if (db instanceof Kysely) {
    const onKysely = work as (trx: Transaction<Database>) => Promise<T>;
    // A Kysely that is a transaction is Kysely's Transaction: the work joins it.
    return db.isTransaction ? onKysely(db as Transaction<Database>) : db.transaction().execute(onKysely);
  }
  const onDb = work as (tx: Db) => Promise<T>;
  if (db.kysely.isTransaction) return onDb(db);
  return db.kysely.transaction().execute((trx) =>
    onDb({
      kysely: trx,
      dialect: db.dialect,
      close: () => Promise.reject(new Error('A transaction is not closed; it ends with its work')),
    }),
  );
}
