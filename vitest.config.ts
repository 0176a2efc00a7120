import { defineConfig } from 'vitest/config';

/** Every workspace's unit and API tests in one run (`npm run test:unit`). */
export default defineConfig({
  test: {
    // Two workers on a 2-core machine: most API tests wait on PostgreSQL, Redis or child processes, not the CPU.
    maxWorkers: 2,
    projects: [
      // The architecture rules of eslint.config.js, proven on snippets.
      { test: { name: 'lint', include: ['lint/**/*.test.ts'], testTimeout: 120_000 } },
      'shared',
      'shell',
      'mf-catalog',
      'mf-cart-checkout',
      'mf-account',
      'mf-level-test',
      'backoffice',
      'api',
    ],
  },
});
