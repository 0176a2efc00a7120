import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, type Db, inTransaction } from './database.ts';

describe('SQLite transactions', () => {
  it('are not failed by another connection writing between their read and their write', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-transaction-'));
    const file = path.join(dir, 'shop.sqlite');
    const db = createDatabase({ dialect: 'sqlite', file });
    // Another API process on the same file (its hold sweep, a job); it gives up on a lock quickly here.
    const otherProcess = new SqliteDatabase(file);
    otherProcess.pragma('busy_timeout = 100');
    try {
      await sql`create table place (id integer primary key, free integer not null)`.execute(db.kysely);
      await sql`insert into place (id, free) values (1, 5)`.execute(db.kysely);
      const otherWrite: string[] = [];
      // Like submit: it reads (prices the cart), then writes (takes the place).
      await db.kysely.transaction().execute(async (trx) => {
        await sql`select free from place where id = 1`.execute(trx);
        try {
          otherProcess.prepare('update place set free = free + 1 where id = 1').run();
          otherWrite.push('written');
        } catch (error) {
          otherWrite.push((error as { code?: string }).code ?? String(error));
        }
        await sql`update place set free = free - 1 where id = 1`.execute(trx);
      });
      // The other write waited for this transaction's lock (its own process retries it); it did not make the
      // order fail with "database is locked" in between.
      expect(otherWrite).toEqual(['SQLITE_BUSY']);
      const { rows } = await sql<{ free: number }>`select free from place where id = 1`.execute(db.kysely);
      expect(rows[0]?.free).toBe(4);
    } finally {
      otherProcess.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('inTransaction', () => {
  const values = async (db: Db) =>
    (await sql<{ value: number }>`select value from note order by value`.execute(db.kysely)).rows.map(
      (row) => row.value,
    );

  it('commits the work, joins an enclosing transaction and rolls it all back on a failure', async () => {
    const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    try {
      await sql`create table note (value integer not null)`.execute(db.kysely);
      await inTransaction(db, (tx) => sql`insert into note (value) values (1)`.execute(tx.kysely));
      const failing = inTransaction(db, async (tx) => {
        await sql`insert into note (value) values (2)`.execute(tx.kysely);
        // Work taking a Kysely joins the Db's transaction instead of failing to open a nested one.
        await inTransaction(tx.kysely, (trx) => sql`insert into note (value) values (3)`.execute(trx));
        await inTransaction(tx, async () => {
          throw new Error('refused');
        });
      });
      await expect(failing).rejects.toThrow('refused');
      expect(await values(db)).toEqual([1]);
      await inTransaction(db.kysely, async (trx) => {
        await inTransaction(trx, (inner) => sql`insert into note (value) values (4)`.execute(inner));
      });
      expect(await values(db)).toEqual([1, 4]);
    } finally {
      await db.close();
    }
  });
});
