import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { down, up } from './0061_translation_seeded_value.ts';

describeEachDatabase('migration 0061: which translation rows the seeder wrote', (ctx) => {
  it("marks the earlier seed's own texts as seeded and every other existing row as the operator's", async () => {
    await down(ctx.db.kysely);
    const db = ctx.db.kysely;
    await db.deleteFrom('translation').where('slug', 'in', ['shell.home.title', 'shell.header.cart']).execute();
    await db
      .insertInto('translation')
      .values([
        { slug: 'shell.home.title', language: 'de', value: 'Spanisch lernen online' },
        { slug: 'shell.home.title', language: 'en', value: 'Our own title' },
        { slug: 'shell.header.cart', language: 'de', value: 'Korb' },
      ] as never)
      .execute();
    await up(db);

    const rows = await db
      .selectFrom('translation')
      .select(['slug', 'language', 'value', 'seeded_value'])
      .where('slug', 'in', ['shell.home.title', 'shell.header.cart'])
      .orderBy('slug')
      .orderBy('language')
      .execute();
    expect(rows).toEqual([
      { slug: 'shell.header.cart', language: 'de', value: 'Korb', seeded_value: null },
      {
        slug: 'shell.home.title',
        language: 'de',
        value: 'Spanisch lernen online',
        seeded_value: 'Spanisch lernen online',
      },
      { slug: 'shell.home.title', language: 'en', value: 'Our own title', seeded_value: null },
    ]);
  });
});
