import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { apiFeatureLayers } from '../eslint.config.js';

/**
 * The architecture rules of eslint.config.js, proven on snippets linted as if they lived at a given path:
 * a forbidden import fails, the allowed form of the same import passes (docs/decisions/0023-lint-and-boundaries.md).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('architecture rules', () => {
  it('forbid one area importing another, and allow imports inside the area', async () => {
    const across = await ruleIdsFor(
      'mf-account/src/features/probe.ts',
      "import routes from '../../../mf-catalog/src/routes.tsx';\nexport const probe = routes;\n",
    );
    expect(across).toContain('import-x/no-restricted-paths');

    const inside = await ruleIdsFor(
      'mf-account/src/features/probe.ts',
      "import routes from '../routes.tsx';\nexport const probe = routes;\n",
    );
    expect(inside).toEqual([]);
  });

  it('forbid the API importing browser code of an area', async () => {
    const ids = await ruleIdsFor(
      'api/src/probe.ts',
      "import routes from '../../shell/src/app/App.tsx';\nexport const probe = routes;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('let browser code import @shop/shared from its root only', async () => {
    const subPath = await ruleIdsFor(
      'mf-catalog/src/probe.ts',
      "import { formatMoney } from '@shop/shared/format';\nexport const probe = formatMoney;\n",
    );
    expect(subPath).toContain('no-restricted-imports');

    const rootImport = await ruleIdsFor(
      'mf-catalog/src/probe.ts',
      "import { formatMoney } from '@shop/shared';\nexport const probe = formatMoney;\n",
    );
    expect(rootImport).toEqual([]);
  });

  it('let the API import only the contract, formatting and server parts of @shop/shared', async () => {
    expect(
      await ruleIdsFor(
        'api/src/probe.ts',
        "import { useCartStore } from '@shop/shared';\nexport const probe = useCartStore;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIdsFor('api/src/probe.ts', "import { Field } from '@shop/shared/ui';\nexport const probe = Field;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIdsFor(
        'api/src/probe.ts',
        "import { formatMoney } from '@shop/shared/money';\nexport const probe = formatMoney;\n",
      ),
    ).toEqual([]);
  });

  it('forbid converting money by hand outside @shop/shared/money', async () => {
    const code = 'export const probe = (euros: number, cents: number) => [euros * 100, cents / 100, 100 * euros];\n';
    const byHand = await ruleIdsFor('mf-cart-checkout/src/features/probe.ts', code);
    expect(byHand.filter((id) => id === 'no-restricted-syntax')).toHaveLength(3);
    expect(await ruleIdsFor('api/src/features/probe.ts', code)).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('shared/src/money/probe.ts', code)).toEqual([]);
  });

  it('forbid Kysely transactions opened by hand in the API, outside the one helper', async () => {
    const code = 'export const probe = (db: { transaction(): unknown }) => db.transaction();\n';
    expect(await ruleIdsFor('api/src/features/probe.ts', code)).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('api/src/db/database.ts', code)).not.toContain('no-restricted-syntax');
    expect(await ruleIdsFor('mf-account/src/features/probe.ts', code)).toEqual([]);
  });

  it('forbid an API feature importing a feature above it, and list every feature folder', async () => {
    const upwards = await ruleIdsFor(
      'api/src/features/customer/probe.ts',
      "import { readOrder } from '../order/read.ts';\nexport const probe = readOrder;\n",
    );
    expect(upwards).toContain('import-x/no-restricted-paths');
    const downwards = await ruleIdsFor(
      'api/src/features/order/probe.ts',
      "import { hashToken } from '../customer/secrets.ts';\nexport const probe = hashToken;\n",
    );
    expect(downwards).toEqual([]);
    const folders = readdirSync(new URL('../api/src/features/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...apiFeatureLayers].sort()).toEqual(folders.sort());
  });

  it('forbid import cycles', async () => {
    const cycleFinder = new ESLint({ cwd: root, ignore: false });
    const results = await cycleFinder.lintFiles(['lint/fixtures/cycle/a.ts']);
    expect(results[0]?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('forbid comments that cite documents outside the repository', async () => {
    const ids = await ruleIdsFor('shared/src/probe.ts', '/** The cart of spec §4. */\nexport const probe = 1;\n');
    expect(ids).toContain('shop/no-outside-citations');
    expect(
      await ruleIdsFor(
        'shared/src/probe.ts',
        '/** The cart (docs/product-rules.md#cart). */\nexport const probe = 1;\n',
      ),
    ).toEqual([]);
  });
});
