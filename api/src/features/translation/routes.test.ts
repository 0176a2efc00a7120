import { translationListSchema } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, get } from '../../test/databases.ts';

describeEachDatabase('GET /api/translation/all', (ctx) => {
  it('returns the seeded texts in every language', async () => {
    const { status, body } = await get(ctx, '/api/translation/all');
    expect(status).toBe(200);
    const translations = translationListSchema.parse(body.result);
    expect(translations.filter((t) => t.slug === 'shell.home.title')).toEqual([
      { slug: 'shell.home.title', language: 'de', value: 'Spanisch lernen online' },
      { slug: 'shell.home.title', language: 'en', value: 'Learn Spanish online' },
      { slug: 'shell.home.title', language: 'es', value: 'Aprende español online' },
    ]);
  });

  it('returns texts added to the database, sorted by key and language, and skips unknown languages', async () => {
    await ctx.db.kysely
      .insertInto('translation')
      .values([
        { slug: 'a.test.key', language: 'es', value: 'Hola' },
        { slug: 'a.test.key', language: 'de', value: 'Hallo' },
        { slug: 'a.test.key', language: 'fr', value: 'Bonjour' },
      ])
      .execute();
    const { body } = await get(ctx, '/api/translation/all');
    const rows = body.result as { slug: string; language: string; value: string }[];
    expect(rows.slice(0, 2)).toEqual([
      { slug: 'a.test.key', language: 'de', value: 'Hallo' },
      { slug: 'a.test.key', language: 'es', value: 'Hola' },
    ]);
    expect(rows.some((r) => r.language === 'fr')).toBe(false);
  });
});
