import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// API tests run against real databases: SQLite always, PostgreSQL when the global setup can provide one;
// the REDIS_URL rate-limit store against a real Redis server likewise.
export default defineConfig({
  test: {
    name: 'api',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'probe/**/*.test.ts'],
    // Tests that start real API processes or command-line tools (`*.processes.test.ts`) take a third of the run's
    // CPU; the quick loop (`npm run check`) leaves them to `npm test`, as it leaves the PostgreSQL runs.
    exclude: [...configDefaults.exclude, ...(process.env.PROCESS_TESTS === 'off' ? ['**/*.processes.test.ts'] : [])],
    globalSetup: [
      fileURLToPath(new URL('./src/test/postgres-global-setup.ts', import.meta.url)),
      fileURLToPath(new URL('./src/test/redis-global-setup.ts', import.meta.url)),
    ],
    // The files share one module graph per worker: every test builds its own app and database, so nothing they
    // need lives in module state, and loading Fastify and the app once per worker instead of once per file saves
    // over a minute of the full run on two cores (docs/decisions/0042-test-run-time.md).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
