import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';

/**
 * Tables that record requests or background work rather than shop state: the migration bookkeeping, rate-limit
 * counters (which count every attempt, rejected ones included, by design), and the job runner's schedule (each
 * process's jobs claim and finish their runs in it whenever they are due).
 */
const bookkeeping = (table: string) =>
  table.startsWith('kysely_') || table.includes('rate_limit') || table === 'job_schedule';

/**
 * What a request can write to a table whose rows background work changes later: only these columns are compared.
 * A mail a request queues is a new outbox row (its id and Message-ID); its delivery (status, attempts, claim, sent
 * time) and, for some, the erasure of its address and content afterwards are the delivery job's, at any moment.
 */
const requestWrittenColumns: Record<string, readonly string[]> = {
  mail_outbox: ['id', 'message_id', 'created_at'],
};

/** Every table of the shop's state, read once (the list does not change while a probe runs). */
async function stateTables(db: Db): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables();
  return tables
    .map((table) => table.name)
    .filter((name) => !bookkeeping(name))
    .sort();
}

export interface Fingerprint {
  /** Table → hash of its rows (order-independent). */
  tables: Map<string, string>;
}

/**
 * A content hash of the shop's state, per table: every row of every table, so any insert, update or delete shows
 * (row counts alone would miss an update, such as places taken by a rejected order); of the outbox, what a request
 * writes (requestWrittenColumns).
 */
export async function fingerprintOf(db: Db, tables?: string[]): Promise<Fingerprint> {
  const names = tables ?? (await stateTables(db));
  const hashes = await Promise.all(
    names.map(async (name) => {
      const columns = requestWrittenColumns[name];
      const from = db.kysely.selectFrom(name as never);
      const rows = await (columns ? from.select(columns as never) : from.selectAll()).execute();
      const lines = rows.map((row) => JSON.stringify(row)).sort();
      return [name, createHash('sha256').update(lines.join('\n')).digest('hex')] as const;
    }),
  );
  return { tables: new Map(hashes) };
}

/**
 * A cheap signal that moves whenever anything may have been written: PostgreSQL's next transaction id (only a
 * transaction that writes is given one), SQLite's count of changed rows on this connection (the app's, when it
 * shares it) and its data version (moved by every other connection's commit, e.g. a separate API process).
 * It may move without a change (a rolled-back write); it never stays put across one.
 */
async function writeSignal(db: Db): Promise<string> {
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ next: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as next`.execute(
      db.kysely,
    );
    return rows[0]!.next;
  }
  const changes = await sql<{ n: number }>`select total_changes() as n`.execute(db.kysely);
  const version = await sql<{ data_version: number }>`pragma data_version`.execute(db.kysely);
  return `${changes.rows[0]!.n}:${version.rows[0]!.data_version}`;
}

/**
 * A fingerprinter bound to one database, reading the table list once. The full content hash is taken only when
 * the write signal moved since the last one, so a request that wrote nothing costs one small query.
 */
export async function fingerprinter(db: Db): Promise<() => Promise<Fingerprint>> {
  const tables = await stateTables(db);
  let last: { signal: string; fingerprint: Fingerprint } | null = null;
  return async () => {
    const signal = await writeSignal(db);
    if (last?.signal !== signal) last = { signal, fingerprint: await fingerprintOf(db, tables) };
    return last.fingerprint;
  };
}

/** The tables whose content differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...after.tables].filter(([name, hash]) => before.tables.get(name) !== hash).map(([name]) => name);
}
