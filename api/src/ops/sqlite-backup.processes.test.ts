import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { addSampleCustomers, addSampleOrders } from '../db/fixtures/sample-shop.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { testNow } from '../test/databases.ts';

const run = promisify(execFile);

/** Every row of every table, in rowid order: two equal dumps are the same database content. */
function dump(file: string): Record<string, unknown[]> {
  const database = new SqliteDatabase(file, { readonly: true });
  try {
    const tables = database
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [name, database.prepare(`select * from "${name}" order by rowid`).all()]),
    );
  } finally {
    database.close();
  }
}

/** `npm run backup|restore -w api` as the operator runs them (the same file, one node process). */
const cli = (script: 'backup' | 'restore', file: string, argument: string) =>
  run(process.execPath, ['--import', 'tsx', `src/ops/${script}-cli.ts`, argument], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_FILE: file, DATABASE_URL: '' },
  });

describe('npm run backup / npm run restore (SQLite)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-api-backup-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('backs up while the shop has the database open and unsaved writes in its WAL; a restore brings back exactly the backed-up state', async () => {
    const file = path.join(folder, 'shop.sqlite');
    const backup = path.join(folder, 'backups', 'shop-backup.sqlite');
    // The shop's own connection stays open and writes before and after the backup (WAL mode, as in production).
    const db = createDatabase({ dialect: 'sqlite', file });
    try {
      await migrateToLatest(db);
      await addSampleOrders(db, {
        tag: 'before',
        emails: await addSampleCustomers(db, { tag: 'before', count: 3, now: testNow }),
        now: testNow,
      });
      const backedUp = dump(file);

      const { stdout } = await cli('backup', file, backup);
      expect(stdout).toContain(`written to ${backup}`);
      expect(dump(backup)).toEqual(backedUp);

      const later = await addSampleOrders(db, {
        tag: 'after',
        emails: await addSampleCustomers(db, { tag: 'after', count: 2, now: testNow }),
        now: testNow,
      });
      expect(later).toHaveLength(2);
      expect(dump(file)).not.toEqual(backedUp);
    } finally {
      await db.close();
    }

    const restored = await cli('restore', file, backup);
    expect(restored.stdout).toContain('restored from');
    expect(dump(file)).toEqual(dump(backup));
    // The database as it was before the restore is kept, with the later orders.
    const kept = /kept at (.+)$/m.exec(restored.stdout)![1]!;
    expect((dump(kept).shop_order as unknown[]).length).toBe((dump(backup).shop_order as unknown[]).length + 2);
  }, 60_000);

  it('refuses a file that is not a shop database, and never overwrites an existing backup', async () => {
    const file = path.join(folder, 'other.sqlite');
    new SqliteDatabase(file).exec('create table note (text)').close();
    await expect(cli('restore', path.join(folder, 'shop.sqlite'), file)).rejects.toMatchObject({
      stderr: expect.stringContaining('not a shop database'),
    });
    await expect(cli('backup', path.join(folder, 'shop.sqlite'), file)).rejects.toMatchObject({
      stderr: expect.stringContaining('exists already'),
    });
  }, 60_000);
});
