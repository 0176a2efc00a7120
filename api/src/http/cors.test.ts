import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { parsePartnerOrigins } from './cors.ts';

// CORS does not depend on the dialect: one in-memory SQLite database is enough.
describe('CORS for the shop and partner origins, hardening headers', () => {
  let db: Db;
  let app: App;
  beforeAll(async () => {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    app = buildApp({
      db,
      shopUrl: 'https://shop.example',
      partnerOrigins: parsePartnerOrigins('https://partner.example,http://localhost:5180'),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('allows a configured partner origin, and only that origin', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/course/tags',
      headers: { origin: 'https://partner.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(String(response.headers.vary)).toMatch(/Origin/);
  });

  it("allows the shop's own origin (SHOP_URL)", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/course/tags',
      headers: { origin: 'https://shop.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example');
  });

  it('sends the hardening headers on every answer, errors included', async () => {
    for (const url of ['/api/health', '/api/nope', '/api/customer/me']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(
        "frame-ancestors 'self' https://shop.example https://partner.example http://localhost:5180; base-uri 'self'; object-src 'none'; script-src 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
    }
  });

  it('sends no CORS header to any other origin, nor to same-origin calls', async () => {
    for (const origin of [
      'https://evil.example',
      'https://partner.example.evil.example',
      'https://shop.example.evil.example',
      'http://localhost:5173',
      'null',
    ]) {
      const response = await app.inject({ method: 'GET', url: '/api/course/tags', headers: { origin } });
      expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    const sameOrigin = await app.inject({ method: 'GET', url: '/api/course/tags' });
    expect(sameOrigin.statusCode).toBe(200);
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight from a partner with the allowed methods and headers', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/course/search',
      headers: {
        origin: 'http://localhost:5180',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'accept',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5180');
    expect(String(response.headers['access-control-allow-methods'])).toContain('GET');
    expect(String(response.headers['access-control-allow-headers'])).toContain('Accept');
  });

  it('allows nobody when no partner is configured', async () => {
    const closed = buildApp({ db });
    const response = await closed.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://partner.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    await closed.close();
  });
});
