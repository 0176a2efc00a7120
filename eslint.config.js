// @ts-check
/**
 * One lint configuration for the whole repository (flat config). Besides the recommended JavaScript and
 * TypeScript rules it checks the architecture: the walls between areas, how code reaches @shop/shared, and
 * import cycles. Why these rules: docs/decisions/0023-lint-and-boundaries.md. The type-checked presets are left
 * out on purpose: `npm run typecheck` already runs tsc, and the lint must stay fast.
 */
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noOutsideCitations } from './lint/citations.js';

/** The browser areas (composed at runtime) and the other top-level parts. */
export const browserAreas = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-level-test'];
const areas = [...browserAreas, 'backoffice', 'api', 'e2e', 'scripts'];

/**
 * No area imports another: each area's files may not reach into any other area's folder. The end-to-end
 * journeys are the one exception as importers: they drive the whole shop and read the API's seed data.
 */
const areaZones = areas
  .filter((area) => area !== 'e2e')
  .map((area) => ({
    target: `./${area}/**`,
    from: areas.filter((other) => other !== area).map((other) => `./${other}/**`),
    message:
      'Areas do not import each other: what two areas need goes into @shop/shared (docs/decisions/0016-root-only-shared-imports.md).',
  }));

/** @shop/shared is a library for the areas, never the other way round. */
const sharedZone = {
  target: './shared/**',
  from: areas.map((area) => `./${area}/**`),
  message: '@shop/shared must not depend on an area.',
};

/**
 * The API's feature folders, lowest first: a feature imports only features listed before it, so no two feature
 * folders can import each other, directly or round a loop (docs/decisions/0132-api-feature-layers.md). A new
 * folder takes its place here (lint/boundaries.test.ts checks that every folder is listed).
 */
export const apiFeatureLayers = [
  'payment-provider',
  'catalog',
  'customer',
  'health',
  'metrics',
  'product',
  'staff',
  'waitlist',
  'exam',
  'privacy',
  'cart',
  'discount-codes',
  'school',
  'texts',
  'translation',
  'area-failures',
  'school-notices',
  'cases',
  'order',
  'invoice',
  'admin-catalogue',
  'payment',
  'withdrawal',
  'admin-cases',
  'admin-orders',
  'mode',
  'admin',
];
const featureZones = apiFeatureLayers.slice(0, -1).map((feature, index) => ({
  target: `./api/src/features/${feature}/**`,
  from: apiFeatureLayers.slice(index + 1).map((higher) => `./api/src/features/${higher}/**`),
  message: `A feature imports only the features below it in apiFeatureLayers (eslint.config.js); ${feature} is lower.`,
}));

const rootOnly = {
  group: ['@shop/shared/*'],
  message:
    'Browser code imports @shop/shared from its root only, so the page keeps one shared instance (docs/decisions/0016-root-only-shared-imports.md).',
};

/** `* 100` and `/ 100` on either side: money converted by hand. */
const moneyByHand = ['right', 'left'].map((side) => ({
  selector: `BinaryExpression[operator=/^[*\\/]$/][${side}.type='Literal'][${side}.value=100]`,
  message: 'Convert money with @shop/shared/money (centsToEuros, eurosToCents, formatCents, …).',
}));

/** Kysely's `.transaction()` called directly instead of through the one helper. */
const transactionByHand = {
  selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
  message: 'Run transactional work with inTransaction (api/src/db/database.ts): it joins an open transaction.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.vite/**',
      'api/data/**',
      'lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, shop: { rules: { 'no-outside-citations': noOutsideCitations } } },
    settings: {
      // Without these, import-x reads only .js files when it follows imports, and no-cycle sees no TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'shop/no-outside-citations': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...areaZones, sharedZone] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Tests read untyped JSON bodies; a test of @shop/shared may check its texts against the API's seed.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/test-support.ts', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['shared/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: areaZones }] },
  },
  {
    // The API's features in layers; tests may reach any feature's test support.
    files: ['api/src/features/**'],
    ignores: ['**/*.test.ts', '**/test-support.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...areaZones, sharedZone, ...featureZones] }] },
  },
  {
    // Money one way (docs/decisions/0131-money-one-way.md): cents and euros are converted, rounded and formatted
    // only in @shop/shared's money module; a hand-written `* 100` or `/ 100` elsewhere is a second rule.
    files: ['*/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/money/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...moneyByHand] },
  },
  {
    // One transaction idiom in the API (docs/decisions/0140-use-cases-and-one-transaction-helper.md): work that
    // calls another transactional function joins its transaction instead of failing on a nested one.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/db/database.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...moneyByHand, transactionByHand] },
  },
  {
    // The citation rule and its test name the very strings they forbid.
    files: ['lint/**'],
    rules: { 'shop/no-outside-citations': 'off' },
  },
  {
    // Browser code: the areas' sources. A remote's own standalone entry (main.tsx) starts it through
    // `@shop/shared/standalone`, and tests may use the shared test helpers.
    files: browserAreas.map((area) => `${area}/src/**`),
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/testing.ts', '*/src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rootOnly] }] },
  },
  {
    files: browserAreas.map((area) => `${area}/src/main.tsx`),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ ...rootOnly, group: ['@shop/shared/*', '!@shop/shared/standalone'] }] },
      ],
    },
  },
  {
    files: browserAreas.flatMap((area) => [
      `${area}/src/**/*.test.{ts,tsx}`,
      `${area}/src/**/test/**`,
      `${area}/src/**/testing.ts`,
    ]),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ ...rootOnly, group: ['@shop/shared/*', '!@shop/shared/testing'] }] },
      ],
    },
  },
  {
    // The API takes only the server-safe parts: the contract, formatting, the price presenter (its order mail),
    // the server helpers, and the CSS strings its one server-rendered page (the sandbox payment page) uses.
    files: ['api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shop/shared',
              message:
                'The API imports @shop/shared/contract, /format, /money, /pricing, /server or /css, never the browser root.',
            },
          ],
          patterns: [
            {
              group: [
                '@shop/shared/*',
                '!@shop/shared/contract',
                '!@shop/shared/format',
                '!@shop/shared/money',
                '!@shop/shared/pricing',
                '!@shop/shared/server',
                '!@shop/shared/css',
              ],
              message:
                'The API imports only the contract, formatting and server parts of @shop/shared (docs/decisions/0016-root-only-shared-imports.md).',
            },
          ],
        },
      ],
    },
  },
);
