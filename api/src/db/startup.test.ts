import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { createPostgresTestDatabase, testNow } from '../test/databases.ts';
import { createDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seed } from './seed/index.ts';
import { prepareDatabase } from './startup.ts';

const count = async (db: Db, table: string) =>
  Number(
    (
      await db.kysely
        .selectFrom(table as 'course')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const demoTables = [
  'course',
  'flexible_learning_course',
  'product',
  'package_price',
  'discount_code',
  'school_identity',
];

/** Every catalogue row gone, as staff deleting all of it would leave the database. */
async function deleteEverythingDemo(db: Db) {
  for (const table of [
    'course_tag',
    'course_text',
    'course',
    'flexible_learning_course_text',
    'flexible_learning_course',
    'product_tag',
    'product_text',
    'product',
    'package_price',
    'discount_code',
    'school_identity',
  ])
    await db.kysely.deleteFrom(table as 'course').execute();
}

async function withDatabase(dialect: 'sqlite' | 'postgres', body: (db: Db, url?: string) => Promise<void>) {
  if (dialect === 'sqlite') {
    const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    try {
      await body(db);
    } finally {
      await db.close();
    }
    return;
  }
  const created = await createPostgresTestDatabase();
  const db = createDatabase({ dialect: 'postgres', url: created.url });
  try {
    await body(db, created.url);
  } finally {
    await db.close();
    await created.drop();
  }
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  const run = dialect === 'postgres' && !inject('pgAdminUrl') ? describe.skip : describe;
  run(`a start's migrations and seed [${dialect}]`, () => {
    it('production seeds no demo courses, products, package prices, codes or identity; the structure and texts it does', async () => {
      await withDatabase(dialect, async (db) => {
        await prepareDatabase(db, { mode: 'production', now: testNow });
        for (const table of demoTables) expect(await count(db, table), table).toBe(0);
        expect(await count(db, 'tag_category')).toBeGreaterThan(0);
        expect(await count(db, 'tag')).toBeGreaterThan(0);
        expect(await count(db, 'translation')).toBeGreaterThan(0);
        // Nor at a later start.
        await prepareDatabase(db, { mode: 'production', now: testNow });
        for (const table of demoTables) expect(await count(db, table), table).toBe(0);
      });
    });

    it('development seeds the demo data once; what staff delete stays deleted at every later start', async () => {
      await withDatabase(dialect, async (db) => {
        const first = await prepareDatabase(db, { mode: 'development', now: testNow });
        expect(first.seeded.catalog).toBe(true);
        for (const table of demoTables) expect(await count(db, table), table).toBeGreaterThan(0);
        const codes = await db.kysely.selectFrom('discount_code').select('code').execute();
        expect(codes.map((row) => row.code)).toContain('WILLKOMMEN10');

        await deleteEverythingDemo(db);
        for (const mode of ['development', 'production', 'development'] as const) {
          const again = await prepareDatabase(db, { mode, now: new Date(testNow.getTime() + 86_400_000) });
          expect(again.seeded.catalog).toBe(false);
          for (const table of demoTables) expect(await count(db, table), `${mode}: ${table}`).toBe(0);
        }
      });
    });

    it('a development database seeded before the marker existed gets the marker, and no catalogue again', async () => {
      await withDatabase(dialect, async (db) => {
        await migrateToLatest(db);
        await seed(db, { now: testNow });
        await db.kysely.deleteFrom('seed_marker').execute();
        await db.kysely.deleteFrom('discount_code').where('code', '=', 'SOMMER25').execute();
        const courses = await count(db, 'course');
        await prepareDatabase(db, { mode: 'development', now: testNow });
        expect(await count(db, 'course')).toBe(courses);
        // The older rule (missing demo codes are added) applies one last time, then never again.
        await db.kysely.deleteFrom('discount_code').where('code', '=', 'SOMMER25').execute();
        await prepareDatabase(db, { mode: 'development', now: testNow });
        expect(
          await db.kysely.selectFrom('discount_code').where('code', '=', 'SOMMER25').select('id').execute(),
        ).toEqual([]);
      });
    });
  });
}

describe.skipIf(!inject('pgAdminUrl'))('two starts at once on an empty PostgreSQL database', () => {
  it('both migrate and seed (one after the other, under the start-up lock) and the demo data is there once', async () => {
    await withDatabase('postgres', async (db, url) => {
      const others = [0, 1, 2].map(() => createDatabase({ dialect: 'postgres', url: url! }));
      try {
        const results = await Promise.all(
          others.map((other) => prepareDatabase(other, { mode: 'development', now: testNow })),
        );
        expect(results.filter((result) => result.seeded.catalog)).toHaveLength(1);
        expect(results.filter((result) => result.applied.length > 0)).toHaveLength(1);
        expect(await count(db, 'school_identity')).toBe(1);
        const codes = await db.kysely
          .selectFrom('discount_code')
          .select('code')
          .where('code', '=', 'WILLKOMMEN10')
          .execute();
        expect(codes).toHaveLength(1);
      } finally {
        await Promise.all(others.map((other) => other.close()));
      }
    });
  });
});

describe('three starts at once on a new SQLite file', () => {
  it('all migrate and seed (one after the other, under the start-up lock) and the demo data is there once', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-startup-'));
    const file = path.join(folder, 'shop.sqlite');
    const dbs = [0, 1, 2].map(() => createDatabase({ dialect: 'sqlite', file }));
    try {
      const results = await Promise.all(dbs.map((db) => prepareDatabase(db, { mode: 'development', now: testNow })));
      expect(results.filter((result) => result.applied.length > 0)).toHaveLength(1);
      expect(results.filter((result) => result.seeded.catalog)).toHaveLength(1);
      expect(await count(dbs[0]!, 'school_identity')).toBe(1);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
