import { gunzipSync } from 'node:zlib';
import { translationListSchema } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { seed } from '../../db/seed/index.ts';
import { readSourceTexts } from '../../db/seed/translations.ts';
import { describeEachDatabase, get, testNow } from '../../test/databases.ts';
import { matchesEtag } from './routes.ts';

const source = readSourceTexts();
const titleKey = 'shell.home.title';

describeEachDatabase('translations', (ctx) => {
  const row = (slug: string, language: string) =>
    ctx.db.kysely
      .selectFrom('translation')
      .select(['value', 'seeded_value'])
      .where('slug', '=', slug)
      .where('language', '=', language)
      .executeTakeFirst();

  it('holds every text of every area in de, en and es, seeded from the source texts', async () => {
    const rows = await ctx.db.kysely.selectFrom('translation').select(['slug', 'language', 'value']).execute();
    expect(source.size).toBeGreaterThan(500);
    for (const prefix of ['shell.', 'common.', 'catalog.', 'cartCheckout.', 'account.', 'levelTest.'])
      expect(
        [...source.keys()].some((slug) => slug.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(rows).toHaveLength(source.size * 3);
    const table = new Map(rows.map((r) => [`${r.slug}|${r.language}`, r.value]));
    for (const [slug, values] of source)
      for (const language of ['de', 'en', 'es'] as const)
        expect(table.get(`${slug}|${language}`), `${slug} ${language}`).toBe(values[language]);
  });

  it('serves one language as key → text, with a short max-age and an ETag that revalidates to 304', async () => {
    const first = await get(ctx, '/api/translation/es');
    expect(first.status).toBe(200);
    expect(first.body.result[titleKey]).toBe(source.get(titleKey)!.es);
    expect(Object.keys(first.body.result)).toHaveLength(source.size);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await ctx.app.inject({ url: '/api/translation/es', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const otherLanguage = await ctx.app.inject({ url: '/api/translation/en', headers: { 'if-none-match': etag } });
    expect(otherLanguage.statusCode).toBe(200);
  });

  it('sends the texts gzip-compressed to clients that accept it, with an ETag of their own', async () => {
    const plain = await ctx.app.inject({ url: '/api/translation/de' });
    const zipped = await ctx.app.inject({ url: '/api/translation/de', headers: { 'accept-encoding': 'br, gzip' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);

    const again = await ctx.app.inject({
      url: '/api/translation/de',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('limits the texts to the asked namespaces, and answers a language it does not offer with 400', async () => {
    const { body } = await get(ctx, '/api/translation/de?ns=catalog,common');
    const slugs = Object.keys(body.result);
    expect(slugs.length).toBeGreaterThan(50);
    expect(slugs.every((slug) => slug.startsWith('catalog.') || slug.startsWith('common.'))).toBe(true);
    expect(slugs.some((slug) => slug.startsWith('common.'))).toBe(true);

    const french = await get(ctx, '/api/translation/fr');
    expect(french.status).toBe(400);
    expect(french.body.error.fields).toHaveProperty('language');
    expect((await get(ctx, '/api/translation/de?ns=catalog%25')).status).toBe(400);
  });

  it("keeps an operator's change across a re-seed, follows the source in untouched rows, adds new keys", async () => {
    const before = await get(ctx, '/api/translation/en');
    await ctx.db.kysely
      .updateTable('translation')
      .set({ value: 'Spanish with us' })
      .where('slug', '=', titleKey)
      .where('language', '=', 'en')
      .execute();
    const changed = await ctx.app.inject({
      url: '/api/translation/en',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().result[titleKey]).toBe('Spanish with us');

    // The next start brings a new wording of two keys and a new key; the operator's row stays.
    const newer = readSourceTexts();
    newer.set(titleKey, { ...newer.get(titleKey)!, de: 'Neu: Spanisch', en: 'New: Spanish' });
    newer.set('shell.test.added', { de: 'Neu', en: 'New', es: 'Nuevo' });
    const { syncTranslations } = await import('../../db/seed/translations.ts');
    const result = await ctx.db.kysely.transaction().execute((trx) => syncTranslations(trx, newer));
    expect(result).toEqual({ added: 3, updated: 1 });
    expect(await row(titleKey, 'en')).toEqual({ value: 'Spanish with us', seeded_value: source.get(titleKey)!.en });
    expect(await row(titleKey, 'de')).toEqual({ value: 'Neu: Spanisch', seeded_value: 'Neu: Spanisch' });
    expect(await row('shell.test.added', 'es')).toEqual({ value: 'Nuevo', seeded_value: 'Nuevo' });

    // A row of unknown origin is kept while it differs from the source, and adopted once it equals it.
    await ctx.db.kysely
      .insertInto('translation')
      .values({ slug: 'shell.test.loose', language: 'de', value: 'Alt' })
      .execute();
    newer.set('shell.test.loose', { de: 'Quelle', en: 'Source', es: 'Fuente' });
    await ctx.db.kysely.transaction().execute((trx) => syncTranslations(trx, newer));
    expect(await row('shell.test.loose', 'de')).toEqual({ value: 'Alt', seeded_value: null });
    await ctx.db.kysely
      .updateTable('translation')
      .set({ value: 'Quelle' })
      .where('slug', '=', 'shell.test.loose')
      .where('language', '=', 'de')
      .execute();
    await ctx.db.kysely.transaction().execute((trx) => syncTranslations(trx, newer));
    expect(await row('shell.test.loose', 'de')).toEqual({ value: 'Quelle', seeded_value: 'Quelle' });

    // A start with the real source texts again: nothing to add, the untouched German title follows back.
    await ctx.db.kysely.deleteFrom('translation').where('slug', 'like', 'shell.test.%').execute();
    expect(await seed(ctx.db, { now: testNow })).toMatchObject({ translationsAdded: 0, translationsUpdated: 1 });
    expect(await row(titleKey, 'de')).toEqual({
      value: source.get(titleKey)!.de,
      seeded_value: source.get(titleKey)!.de,
    });
    expect(await row(titleKey, 'en')).toMatchObject({ value: 'Spanish with us' });
  });

  it('still lists every text as slug/language/value under /translation/all', async () => {
    const { status, body } = await get(ctx, '/api/translation/all');
    expect(status).toBe(200);
    const rows = translationListSchema.parse(body.result);
    expect(rows.filter((t) => t.slug === 'common.retry').map((t) => t.language)).toEqual(['de', 'en', 'es']);
  });
});

it('matches If-None-Match lists, weak tags and *', () => {
  expect(matchesEtag('"a", W/"b"', '"b"')).toBe(true);
  expect(matchesEtag('*', '"b"')).toBe(true);
  expect(matchesEtag('"a"', '"b"')).toBe(false);
  expect(matchesEtag(undefined, '"b"')).toBe(false);
});
