import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { runCatalogueCli } from './cli-commands.ts';

describeEachDatabase('npm run catalogue', (ctx) => {
  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCatalogueCli(args, {
      db: ctx.db,
      now: () => testNow,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('exports to a folder and imports it back unchanged; a changed row is dry-run, then imported and audited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-cli-'));
    expect((await run('export', dir)).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['courses.csv', 'modules.csv', 'package-prices.csv', 'products.csv']);
    const unchanged = await run('import', dir, '--dry-run');
    expect(unchanged).toMatchObject({ code: 0, err: '' });
    expect(unchanged.out).toMatch(/courses\.csv: 0 created, 0 changed, \d+ unchanged, 0 deleted, 0 refused/);
    expect(unchanged.out).toContain('Dry run: nothing was changed.');

    const prices = join(dir, 'package-prices.csv');
    writeFileSync(
      prices,
      readFileSync(prices, 'utf8').replace('conversation_hours;5;11500', 'conversation_hours;5;11900'),
    );
    const dry = await run('import', dir, '--dry-run');
    expect(dry.out).toContain('change packagePrices conversation_hours-5 (priceCents)');
    const applied = await run('import', dir);
    expect(applied).toMatchObject({ code: 0 });
    expect(applied.out).toContain('Imported.');
    const row = await ctx.db.kysely
      .selectFrom('package_price')
      .select('price_cents')
      .where('type', '=', 'conversation_hours')
      .where('amount', '=', 5)
      .executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(11900);
    const audit = await ctx.db.kysely
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('action', '=', 'cli:importCatalogue')
      .execute();
    expect(audit).toEqual([{ actor: 'cli', action: 'cli:importCatalogue' }]);
  });

  it('refuses with a non-zero exit and one line per refusal; a wrong command prints the usage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-cli-'));
    writeFileSync(join(dir, 'package-prices.csv'), 'type;amount;price_cents;status\r\nsomething;1;100;published\r\n');
    const refused = await run('import', dir);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('REFUSED package-prices.csv:2');
    expect(refused.err).toContain('nothing was changed');
    expect((await run('import')).code).toBe(2);
    expect((await run('frobnicate', dir)).err).toContain('Usage');
    expect((await run('import', mkdtempSync(join(tmpdir(), 'empty-')))).code).toBe(2);
  });
});
