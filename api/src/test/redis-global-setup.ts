import type { TestProject } from 'vitest/node';
import { startTemporaryRedis } from './temporary-redis.ts';

/**
 * Vitest global setup: a Redis server for the tests of the REDIS_URL rate-limit store, like the PostgreSQL one.
 * REDIS_TEST_URL wins; otherwise a throw-away `redis-server` is started and stopped at the end. Without the
 * binary (or with REDIS_TEST=off) those tests are skipped, and this says so.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test Redis server, or null when none could be started. */
    redisUrl: string | null;
  }
}

function warnNoRedis(reason: string): void {
  const line = '='.repeat(78);
  console.warn(
    `\n${line}\nRedis run NOT possible: ${reason}\nThe REDIS_URL rate-limit tests were skipped. Install Debian's redis-server or set REDIS_TEST_URL.\n${line}\n`,
  );
}

export default async function setup(project: TestProject): Promise<(() => void) | void> {
  if (process.env.REDIS_TEST === 'off') {
    project.provide('redisUrl', null);
    warnNoRedis('disabled by REDIS_TEST=off');
    return;
  }
  const external = process.env.REDIS_TEST_URL?.trim();
  if (external) {
    project.provide('redisUrl', external);
    return;
  }
  const outcome = await startTemporaryRedis();
  if ('notStarted' in outcome) {
    project.provide('redisUrl', null);
    warnNoRedis(outcome.notStarted);
    return;
  }
  project.provide('redisUrl', outcome.started.url);
  console.info(`API tests: Redis test server on ${outcome.started.url} (${outcome.started.bin})`);
  return () => outcome.started.stop();
}
