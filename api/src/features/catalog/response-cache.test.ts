import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { createDatabase, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seed } from '../../db/seed/index.ts';
import { testNow } from '../../test/databases.ts';
import { gunzipSync } from 'node:zlib';
import { cachedBody } from '../../http/json-body.ts';
import { queryKey, ResponseCache, searchCacheBytes } from './response-cache.ts';

describe('ResponseCache', () => {
  const text = async (body: Promise<{ json: Buffer }>) => (await body).json.toString();
  const builder = (...values: string[]) => {
    let calls = 0;
    const builds: Promise<unknown>[] = [];
    const build = () => {
      const body = cachedBody(JSON.stringify(values[Math.min(calls++, values.length - 1)]));
      builds.push(body);
      return body;
    };
    /** Settles once every build started so far has finished, and the cache has stored what it built. */
    const settled = async () => {
      await Promise.allSettled(builds);
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { build, calls: () => calls, settled };
  };

  it('builds on a miss, then serves the entry while it is fresh, compressed as well', async () => {
    let now = 0;
    const cache = new ResponseCache(1000, 10, () => now);
    const { build, calls } = builder('A', 'B');
    expect(await text(cache.get('k', build))).toBe('"A"');
    now = 999;
    const body = await cache.get('k', build);
    expect([body.json.toString(), gunzipSync(body.gzip).toString(), calls()]).toEqual(['"A"', '"A"', 1]);
  });

  it('serves a stale entry once while one rebuild runs, then the new one', async () => {
    let now = 0;
    const cache = new ResponseCache(1000, 10, () => now);
    const { build, calls, settled } = builder('A', 'B');
    await cache.get('k', build);
    now = 1000;
    const [first, second] = await Promise.all([text(cache.get('k', build)), text(cache.get('k', build))]);
    expect([first, second, calls()]).toEqual(['"A"', '"A"', 2]);
    // However long the rebuild takes (a busy machine), the request after it gets its result.
    await settled();
    expect(await text(cache.get('k', build))).toBe('"B"');
    expect(calls()).toBe(2);
  });

  it('drops the oldest entries beyond its size, and clear forgets all', async () => {
    const cache = new ResponseCache(1000, 2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, builder(key).build);
    const again = builder('new');
    expect(await text(cache.get('b', again.build))).toBe('"b"');
    expect(await text(cache.get('a', again.build))).toBe('"new"');
    cache.clear();
    expect(await text(cache.get('c', again.build))).toBe('"new"');
  });

  it('neither keeps nor lends out a build that was running when it was cleared', async () => {
    const cache = new ResponseCache(1000);
    let release = () => {};
    const before = cache.get('k', () => new Promise((resolve) => (release = () => resolve(cachedBody('"old"')))));
    cache.clear();
    const after = cache.get('k', () => cachedBody('"new"'));
    release();
    expect([await text(before), await text(after)]).toEqual(['"old"', '"new"']);
    expect(await text(cache.get('k', () => cachedBody('"newer"')))).toBe('"new"');
  });

  it('builds every time with a ttl of 0', async () => {
    const cache = new ResponseCache(0);
    const { build, calls } = builder('A');
    await cache.get('k', build);
    await cache.get('k', build);
    expect(calls()).toBe(2);
  });

  it('keys queries independently of key and list order', () => {
    expect(queryKey({ type: 1, tags: ['b1', 'a1'], page: 1 })).toBe(
      queryKey({ page: 1, tags: ['a1', 'b1', 'a1'], type: 1 }),
    );
    expect(queryKey({ type: 1 })).not.toBe(queryKey({ type: 3 }));
  });
});

describe('GET /api/course/search with the cache on', () => {
  let db: Db;
  let app: App;
  const queries: string[] = [];
  beforeAll(async () => {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' }, { onQuery: (sql) => void queries.push(sql) });
    await migrateToLatest(db);
    await seed(db, { now: testNow });
    app = buildApp({ db, now: () => testNow, catalogCacheMs: 60_000 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers a repeated search from memory with the same JSON, whatever the order of its parameters', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/course/search?type=1&tags[]=b1&tags[]=evening' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json().result.total).toBeGreaterThan(0);
    queries.length = 0;
    const again = await app.inject({ method: 'GET', url: '/api/course/search?tags[]=evening&tags[]=b1&type=1' });
    expect(again.body).toBe(first.body);
    expect(queries).toEqual([]);
  });

  it('sends the gzip body to clients that accept it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/course/search?type=3' });
    const zipped = await app.inject({
      method: 'GET',
      url: '/api/course/search?type=3',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps no more answers than its byte budget, however many large searches differ', async () => {
    // Each a full page (about 140 KB of JSON): the same courses under ever new price bounds, as a script would ask.
    const url = (n: number) =>
      `/api/course/search?startDate=2000-01-01&limit=100&priceMin=0.${String(n).padStart(3, '0')}`;
    const first = await app.inject({ method: 'GET', url: url(0) });
    expect(first.rawPayload.length).toBeGreaterThan(100_000);
    const count = Math.ceil((2 * searchCacheBytes) / first.rawPayload.length);
    for (let n = 1; n <= count; n++) expect((await app.inject({ method: 'GET', url: url(n) })).statusCode).toBe(200);
    // The first answer went to make room: asking again reads the database.
    queries.length = 0;
    expect((await app.inject({ method: 'GET', url: url(0) })).body).toBe(first.body);
    expect(queries.length).toBeGreaterThan(0);
  });

  it('still validates every request', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/course/search?type=9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('type');
  });
});
