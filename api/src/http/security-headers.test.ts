import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp, type BuildAppOptions } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { productionMode } from '../features/mode/test-support.ts';

// The headers do not depend on the dialect: one in-memory SQLite database is enough.
describe('Strict-Transport-Security and the script policy of every API answer', () => {
  let db: Db;
  const apps: App[] = [];
  beforeAll(async () => {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
  });
  const app = async (options: Omit<BuildAppOptions, 'db'>) => {
    const built = buildApp({ db, ...options });
    apps.push(built);
    await built.ready();
    return built;
  };
  const urls = ['/api/health', '/api/nope', '/api/customer/me', '/api/orders/confirmation-preview/html'];

  it('production: every answer, errors included, keeps the browser on https for a year, subdomains too', async () => {
    const production = await app(productionMode);
    for (const url of urls) {
      const response = await production.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['content-security-policy'], url).toMatch(/; script-src 'none'$/);
    }
  });

  it('HSTS_INCLUDE_SUBDOMAINS=false: the shop host alone', async () => {
    const production = await app({ ...productionMode, hstsIncludeSubDomains: false });
    const response = await production.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('a shop on plain http (npm start on this machine) sends no HSTS, which would only bind localhost', async () => {
    const development = await app({ shopUrl: 'http://localhost:5173' });
    const response = await development.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("script-src 'none'");
  });
});
