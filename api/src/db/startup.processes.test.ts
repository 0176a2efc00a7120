import { describe, expect, inject, it } from 'vitest';
import { startApiProcess } from '../test/api-process.ts';
import { createPostgresTestDatabase } from '../test/databases.ts';

describe.skipIf(!inject('pgAdminUrl'))('two API processes starting at once on an empty PostgreSQL database', () => {
  it('both come up, and the shop they serve has its demo catalogue once', async () => {
    const created = await createPostgresTestDatabase();
    try {
      const env = { DATABASE_URL: created.url };
      const processes = await Promise.allSettled([startApiProcess(env), startApiProcess(env)]);
      try {
        expect(processes.map((started) => started.status)).toEqual(['fulfilled', 'fulfilled']);
        for (const started of processes) {
          const { url } = (started as PromiseFulfilledResult<{ url: string }>).value;
          expect((await fetch(`${url}/api/ready`)).status).toBe(200);
          const school = (await fetch(`${url}/api/school`).then((response) => response.json())) as {
            result: { name: string } | null;
          };
          expect(school.result?.name).toBeTruthy();
        }
      } finally {
        await Promise.all(
          processes.map((started) => (started.status === 'fulfilled' ? started.value.stop() : Promise.resolve(null))),
        );
      }
    } finally {
      await created.drop();
    }
  }, 120_000);
});
