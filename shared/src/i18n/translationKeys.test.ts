import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every text key the browser code uses has a text in de, en and es, and every text in a locale is used
 * (docs/architecture.md#platform), across all workspaces that render texts: the shell, @shop/shared and the four remotes.
 *
 * How keys are found in code (`src/**` of each workspace, tests excluded):
 * - Literal keys: any quoted string shaped like a key under one of the locales' top-level namespaces
 *   (`'account.login.title'`, `titleKey="cartCheckout.checkout.title"`, `messageKey: 'catalog.x'` …), not only
 *   `t('…')` calls, since screens pass keys around in props and tables. A plural key counts as used with
 *   its `_one`/`_other` forms.
 * - Dynamic keys: a template literal such as `t(\`catalog.occupancy.${level}\`)`. Its values come from data
 *   or a union type, so the test cannot enumerate them; instead every dynamic prefix must be declared below
 *   with where its values come from. A declared family counts as used as a whole; an undeclared dynamic key
 *   in code, or a declared family no code builds any more, fails the test — so adding one is deliberate.
 */
const dynamicKeyFamilies: Record<string, string> = {
  'common.pageNotice.': 'notices carried to the next page (pageNotices in @shop/shared session)',
  'common.weekdays.': 'weekdays of a course (formatCourseDates in @shop/shared format, 0 = Monday … 6 = Sunday)',
  'shell.offers.': 'offers of header and home page (navigation/offers.ts) × nav/title/text',
  'shell.home.trust.': 'points of the trust bar (TrustBar.tsx points) × title/text',
  'shell.footer.': 'footer link keys (Footer.tsx linkKeys)',
  'shell.consent.purposes.': 'consent purposes (consentPurposes in @shop/shared analytics) × label/text',
  'catalog.tags.': 'tag slugs of the seeded catalogue (levels, weekdays, …)',
  'catalog.occupancy.': 'occupancy levels of docs/product-rules.md#states (open, normal, low, full)',
  'catalog.filter.categories.': 'tag category slugs',
  'catalog.packages.types.': 'package types of docs/product-rules.md#limits (packageList.ts packageTypes)',
  'catalog.packages.unit.': 'package types, the unit price term',
  'account.validation.': 'validation codes of the account forms',
  'account.orders.statuses.': 'order statuses of docs/product-rules.md#states',
  'account.orders.paymentStatuses.': 'payment statuses',
  'account.withdrawal.review.': 'why a withdrawal is left to the school (withdrawalReviewReasons in the contract)',
  'cartCheckout.checkoutComplete.withdrawal.': 'withdrawal states of an order (partial, withdrawn)',
  'account.nav.': 'side navigation entries (AccountLayout.tsx)',
  'account.login.resend': 'resend outcome: resendSuccess / resendFailure',
  'account.errors.': 'error states of the verification pages',
  'account.privacy.blocker.': 'why an account cannot be deleted yet (the deletion blockers of the privacy contract)',
  'account.countries.': 'countries of docs/product-rules.md#validation',
  'levelTest.start.notice.': 'notices of the start page',
  'cartCheckout.pendingOrder.': "outcomes of the order-received mail's link (released, over, invalid, unknown)",
  'levelTest.start.cards.': 'start cards (id) × their texts',
  'levelTest.questions.instruction.': 'question skills of the exam bank',
  'levelTest.levels.': 'exam levels A1–C1',
  'levelTest.complete.save.': 'save states of the result',
  'levelTest.complete.offers.': 'recommendation kinds',
  'levelTest.complete.email.': 'e-mail form problems',
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const workspaces = ['shell', 'shared', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-level-test'];
const languages = ['de', 'en', 'es'] as const;
const pluralSuffixes = ['_zero', '_one', '_two', '_few', '_many', '_other'];

const flatten = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key))
    : [prefix];

function localeFiles(language: string): string[] {
  return workspaces
    .map((workspace) =>
      path.join(
        repoRoot,
        workspace,
        'src/i18n',
        workspace === 'shared' ? `locales/${language}.json` : `${language}.json`,
      ),
    )
    .filter((file) => statSync(file, { throwIfNoEntry: false })?.isFile());
}

const localeKeys = (language: string) =>
  new Set(localeFiles(language).flatMap((file) => flatten(JSON.parse(readFileSync(file, 'utf8')))));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const germanKeys = localeKeys('de');
const namespaces = new Set([...germanKeys].map((key) => key.split('.')[0]!));
const code = workspaces
  .flatMap((workspace) => sourceFiles(path.join(repoRoot, workspace, 'src')))
  .map((file) => readFileSync(file, 'utf8'));

const literalKeys = new Set(
  code.flatMap((source) =>
    [...source.matchAll(/(['"])((?:[A-Za-z0-9_]+\.)+[A-Za-z0-9_]+)\1/g)].map((match) => match[2]!),
  ),
);
const usedLiterals = [...literalKeys].filter((key) => namespaces.has(key.split('.')[0]!));
const dynamicPrefixes = new Set(
  code
    .flatMap((source) => [...source.matchAll(/`([A-Za-z0-9_.]+)\$\{/g)].map((match) => match[1]!))
    .filter((prefix) => namespaces.has(prefix.split('.')[0]!)),
);

const baseKey = (key: string) =>
  pluralSuffixes.reduce((k, suffix) => (k.endsWith(suffix) ? k.slice(0, -suffix.length) : k), key);
const isUsed = (key: string) =>
  literalKeys.has(key) ||
  literalKeys.has(baseKey(key)) ||
  Object.keys(dynamicKeyFamilies).some((prefix) => key.startsWith(prefix));
const hasText = (keys: Set<string>, key: string) =>
  keys.has(key) || pluralSuffixes.some((suffix) => keys.has(`${key}${suffix}`));

describe('translation keys across all areas', () => {
  it('finds the locales and the code it checks', () => {
    for (const language of languages) expect(localeFiles(language)).toHaveLength(workspaces.length);
    expect(usedLiterals.length).toBeGreaterThan(100);
  });

  it.each(languages)('every key used in code has a text in %s', (language) => {
    const keys = localeKeys(language);
    expect(usedLiterals.filter((key) => !hasText(keys, key)).sort()).toEqual([]);
  });

  it('de, en and es have the same keys', () => {
    for (const language of ['en', 'es']) {
      const keys = localeKeys(language);
      expect({ language, missing: [...germanKeys].filter((key) => !keys.has(key)).sort() }).toEqual({
        language,
        missing: [],
      });
      expect({ language, extra: [...keys].filter((key) => !germanKeys.has(key)).sort() }).toEqual({
        language,
        extra: [],
      });
    }
  });

  it('no locale has keys nobody uses', () => {
    expect([...germanKeys].filter((key) => !isUsed(key)).sort()).toEqual([]);
  });

  it('every dynamic key in code is a declared family, and every declared family is still built', () => {
    expect([...dynamicPrefixes].filter((prefix) => !(prefix in dynamicKeyFamilies)).sort()).toEqual([]);
    expect(
      Object.keys(dynamicKeyFamilies)
        .filter((prefix) => !dynamicPrefixes.has(prefix))
        .sort(),
    ).toEqual([]);
  });

  it('the API seeds its translation table from exactly these locale files', async () => {
    const { readSourceTexts, textSourceDirs } = await import('../../../api/src/db/seed/translations.ts');
    expect(textSourceDirs.map((dir) => path.join(repoRoot, dir, 'de.json')).sort()).toEqual(localeFiles('de').sort());
    expect(new Set(readSourceTexts().keys())).toEqual(germanKeys);
  });
});
