import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { startMetricsServer } from '../metrics/server.ts';
import { areaFailureRateLimit } from './routes.ts';

describeEachDatabase('the shell reports an area it contained', (ctx) => {
  const report = (payload: Record<string, unknown>, ip = '203.0.113.7') =>
    ctx.app.inject({ method: 'POST', url: '/api/area-failures', payload, remoteAddress: ip });

  it('counts it by area and reason on the metrics port', async () => {
    expect((await report({ area: 'catalog', reason: 'version-clash' })).statusCode).toBe(204);
    expect((await report({ area: 'catalog', reason: 'version-clash' })).statusCode).toBe(204);
    expect((await report({ area: 'account', reason: 'timeout' })).statusCode).toBe(204);
    const server = await startMetricsServer(ctx.app.metrics, { host: '127.0.0.1', port: 0 });
    try {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      expect(text).toContain('shop_area_failures_total{area="catalog",reason="version-clash"} 2');
      expect(text).toContain('shop_area_failures_total{area="account",reason="timeout"} 1');
    } finally {
      await server.close();
    }
  });

  it('takes two names from fixed lists and nothing else', async () => {
    for (const payload of [
      { area: 'catalog' },
      { area: 'elsewhere', reason: 'load' },
      { area: 'catalog', reason: 'load', url: '/account?email=ana@example.org' },
    ]) {
      const response = await report(payload, '203.0.113.8');
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('is limited per client', async () => {
    const { max } = areaFailureRateLimit.perClient;
    for (let i = 0; i < max; i++)
      expect((await report({ area: 'levelTest', reason: 'load' }, '203.0.113.9')).statusCode).toBe(204);
    expect((await report({ area: 'levelTest', reason: 'load' }, '203.0.113.9')).statusCode).toBe(429);
    expect((await report({ area: 'levelTest', reason: 'load' }, '203.0.113.10')).statusCode).toBe(204);
  });
});
