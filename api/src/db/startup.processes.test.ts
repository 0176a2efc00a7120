import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startApiProcess } from '../test/api-process.ts';
import { createPostgresTestDatabase } from '../test/databases.ts';

describe.skipIf(!inject('pgAdminUrl'))('three API processes starting at once on an empty PostgreSQL database', () => {
  it('all three come up (migrations and seeds one after the other under the start-up lock), and the shop they serve has its demo catalogue once', async () => {
    const created = await createPostgresTestDatabase();
    try {
      const env = { DATABASE_URL: created.url };
      const processes = await Promise.allSettled([0, 1, 2].map(() => startApiProcess(env)));
      try {
        expect(processes.map((started) => started.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
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

describe('three API processes starting at once on a new SQLite file', () => {
  it('all three come up (the start-up lock beside the file serializes their migrations and seeds)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-api-processes-'));
    try {
      const env = { DATABASE_FILE: path.join(folder, 'shop.sqlite') };
      const processes = await Promise.allSettled([0, 1, 2].map(() => startApiProcess(env)));
      try {
        expect(processes.map((started) => started.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        for (const started of processes) {
          const { url } = (started as PromiseFulfilledResult<{ url: string }>).value;
          expect((await fetch(`${url}/api/ready`)).status).toBe(200);
        }
      } finally {
        await Promise.all(
          processes.map((started) => (started.status === 'fulfilled' ? started.value.stop() : Promise.resolve(null))),
        );
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
