import { beforeAll, expect, it } from 'vitest';
import { seed } from '../../db/seed/index.ts';
import { describeEachDatabase, get, testNow } from '../../test/databases.ts';
import { staffToken } from '../admin/test-support.ts';

describeEachDatabase('texts in the back office', (ctx) => {
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = (await staffToken(ctx, 'staff')).headers;
  });
  const list = async (query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/texts?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result;
  };
  const update = (key: string, values: Record<string, string | null>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/admin/texts/${key}`, payload: { values }, headers });

  it('lists every key of every area in de, en and es, paged and searchable', async () => {
    const all = await list('perPage=200');
    const total = Number(
      (
        await ctx.db.kysely
          .selectFrom('translation')
          .select((eb) => eb.fn.count('slug').distinct().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(all.total).toBe(total);
    expect(all.items).toHaveLength(200);
    expect(new Set(all.items.map((item: { area: string }) => item.area)).size).toBeGreaterThan(0);
    const title = await list('q=shell.home.title');
    expect(title.items.map((item: { key: string }) => item.key)).toContain('shell.home.title');
    const item = title.items.find((i: { key: string }) => i.key === 'shell.home.title');
    expect(Object.keys(item.values)).toEqual(['de', 'en', 'es']);
    expect(item.values.en).toBeTruthy();
    // A search finds texts, not only keys, in any language, case-insensitive.
    const byText = await list(`q=${encodeURIComponent(item.values.es.toUpperCase())}`);
    expect(byText.items.map((i: { key: string }) => i.key)).toContain('shell.home.title');
    const shell = await list('area=shell&perPage=200');
    expect(shell.items.every((i: { area: string }) => i.area === 'shell')).toBe(true);
  });

  it('shows the keys missing a language, and an edit fills the gap', async () => {
    // A key the areas ship in German only (as a new key is before its translation).
    await ctx.db.kysely
      .insertInto('translation')
      .values(
        ['de', 'en', 'es'].map((language) => ({
          slug: 'zz.only.german',
          language,
          value: language === 'de' ? 'Nur Deutsch' : '',
          seeded_value: null,
        })),
      )
      .execute();
    const missing = await list('missing=en&perPage=200&q=zz.only');
    expect(missing.items).toEqual([
      expect.objectContaining({ key: 'zz.only.german', missing: ['en', 'es'], edited: [] }),
    ]);
    expect((await update('zz.only.german', { en: 'English only now' })).statusCode).toBe(200);
    expect((await list('missing=en&q=zz.only')).items).toEqual([]);
    expect((await list('missing=any&q=zz.only')).items[0].missing).toEqual(['es']);
  });

  it('an edit is a layer over the shipped text: the shop shows it, a restart keeps it, null removes it', async () => {
    const shipped = (await get(ctx, '/api/translation/en')).body.result['shell.home.title'];
    const edited = await update('shell.home.title', { en: 'Learn Spanish with us' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({
      key: 'shell.home.title',
      edited: ['en'],
      values: { en: 'Learn Spanish with us' },
      shipped: { en: shipped },
    });
    const shop = await get(ctx, '/api/translation/en');
    expect(shop.body.result['shell.home.title']).toBe('Learn Spanish with us');
    expect(shop.headers['cache-control']).toBe('public, max-age=60');
    const all = (await get(ctx, '/api/translation/all')).body.result;
    expect(all).toContainEqual({ slug: 'shell.home.title', language: 'en', value: 'Learn Spanish with us' });

    // A start (the seed follows the shipped texts) leaves the operator's layer alone.
    await seed(ctx.db, { now: testNow });
    expect((await get(ctx, '/api/translation/en')).body.result['shell.home.title']).toBe('Learn Spanish with us');
    expect((await list('edited=true&perPage=200')).items.map((i: { key: string }) => i.key)).toContain(
      'shell.home.title',
    );

    expect((await update('shell.home.title', { en: null })).json().result.edited).toEqual([]);
    expect((await get(ctx, '/api/translation/en')).body.result['shell.home.title']).toBe(shipped);

    const log = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?entityType=text&entityId=shell.home.title&order=asc',
      headers,
    });
    expect(
      log
        .json()
        .result.items.map((entry: { action: string; before: unknown; after: unknown }) => [
          entry.action,
          entry.before,
          entry.after,
        ]),
    ).toEqual([
      ['updateText', {}, { en: 'Learn Spanish with us' }],
      ['updateText', { en: 'Learn Spanish with us' }, {}],
    ]);
  });

  it('refuses bad input and unknown keys; needs a staff token', async () => {
    expect((await update('no.such.key', { de: 'x' })).statusCode).toBe(404);
    const bad = await update('shell.home.title', { fr: 'Bonjour', de: '   ' } as never);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ 'values.fr': 'Unknown field "fr"' });
    expect((await update('shell.home.title', {})).statusCode).toBe(400);
    const blank = await update('shell.home.title', { de: '   ' });
    expect(blank.json().error.fields).toEqual({ 'values.de': 'required' });
  });

  it('answers 401 without a token and 400 for a bad filter', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/texts' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/admin/texts/shell.home.title', payload: {} })).statusCode,
    ).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/admin/texts?missing=fr&sort=value', headers });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['missing', 'sort']));
  });
});
