import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { migrateToLatest, migrations, pendingMigrations } from './migrate.ts';

/**
 * A database made by an earlier release (fixtures/schema-0056.sql, the SQL text of what fixtures/make-schema-0056.ts
 * made) is upgraded by today's migrations with its customers and orders intact.
 */

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'schema-0056.sql');

/** A database file at `file` holding the 0056 release's shop, built from its SQL text. */
function restoreFixture(file: string): void {
  const database = new SqliteDatabase(file);
  try {
    // The dump lists tables by name, so a row may come before the table its foreign key names.
    database.pragma('foreign_keys = OFF');
    database.exec(readFileSync(fixture, 'utf8'));
  } finally {
    database.close();
  }
}

const customersQuery =
  'select id, email, firstname, lastname, password_hash, is_email_verified, created_at from customer order by id';
const ordersQuery =
  'select id, increment_id, customer_id, email, status, total_price_cents, payment_method, created_at from shop_order order by id';
const positionsQuery =
  'select b.id, b.order_id, b.course_id, b.quantity, b.total_price_cents, p.firstname, p.lastname, p.email from course_booking b join course_booking_participant p on p.course_booking_id = b.id order by b.id, p.id';

function read(file: string) {
  const database = new SqliteDatabase(file, { readonly: true });
  try {
    return {
      customers: database.prepare(customersQuery).all(),
      orders: database.prepare(ordersQuery).all(),
      positions: database.prepare(positionsQuery).all(),
    };
  } finally {
    database.close();
  }
}

describe('upgrading a database of the 0056 release', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-api-upgrade-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('applies every later migration and keeps every customer and order', async () => {
    const file = path.join(folder, 'shop.sqlite');
    restoreFixture(file);
    const before = read(file);
    expect(before.customers.length).toBeGreaterThanOrEqual(4);
    expect(before.orders.length).toBeGreaterThanOrEqual(4);

    const db = createDatabase({ dialect: 'sqlite', file });
    try {
      const pending = await pendingMigrations(db);
      expect(pending).toEqual(Object.keys(migrations).filter((name) => name > '0056_rate_limit'));
      expect(await migrateToLatest(db)).toEqual(pending);
      expect(await pendingMigrations(db)).toEqual([]);
    } finally {
      await db.close();
    }
    const after = read(file);
    expect(after.customers).toEqual(before.customers);
    expect(after.orders).toEqual(before.orders);
    expect(after.positions).toEqual(before.positions);
  });
});
