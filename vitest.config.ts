import { defineConfig } from 'vitest/config';

/** Every workspace's unit and API tests in one run (`npm run test:unit`). */
export default defineConfig({
  test: {
    projects: ['shared', 'shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-level-test', 'api'],
  },
});
