import { describe, expect, it } from 'vitest';
import { customerRateLimits } from '../features/customer/rate-limits.ts';
import { describeEachDatabase, type TestContext } from '../test/databases.ts';
import { trustProxyFromEnv, trustProxyProblem } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('reads a hop count, a list of proxy addresses, true, or nothing', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv(' ')).toBe(false);
    expect(trustProxyFromEnv('false')).toBe(false);
    expect(trustProxyFromEnv('0')).toBe(false);
    const hops = trustProxyFromEnv(' 2 ') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('192.0.2.1', hop))).toEqual([true, true, false]);
    expect(trustProxyFromEnv('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxyFromEnv('10.0.0.0/8, ::1')).toEqual(['10.0.0.0/8', '::1']);
    expect(trustProxyFromEnv('true')).toBe(true);
  });

  it('reads true and false in any letter case, as the production check does', () => {
    expect(trustProxyFromEnv('TRUE')).toBe(true);
    expect(trustProxyFromEnv(' False ')).toBe(false);
  });

  it("takes proxy-addr's range names, and refuses an entry that is no address, CIDR or range name", () => {
    expect(trustProxyFromEnv('loopback, uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    expect(trustProxyFromEnv('2001:db8::/32')).toEqual(['2001:db8::/32']);
    for (const value of ['proxy.example', '10.0.0.0/33', '127.0.0.1, yes', '1.2.3'])
      expect(() => trustProxyFromEnv(value), value).toThrow(/^TRUST_PROXY must be/);
  });

  it('names true as a problem, and no other form', () => {
    expect(trustProxyProblem('true')).toMatch(/^TRUST_PROXY=true trusts every X-Forwarded-For entry/);
    expect(trustProxyProblem('TRUE')).not.toBeNull();
    for (const value of [null, '1', '127.0.0.1', '10.0.0.0/8,::1', 'false'])
      expect(trustProxyProblem(value)).toBeNull();
  });
});

const { perClient } = customerRateLimits.resendVerification;

/** What a client sends through one proxy that appends the address it sees (as nginx and the shop's /api proxy do). */
const throughProxy = (ctx: TestContext, spoofed: string, email: string, client = '203.0.113.7') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/customer/resend-verification',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
    payload: { email, locale: 'de' },
  });

for (const [form, value] of [
  ['a hop count', '1'],
  ["the proxy's address", '127.0.0.1'],
] as const) {
  describeEachDatabase(
    `TRUST_PROXY as ${form}: the client cannot choose its rate-limit key`,
    (ctx) => {
      it(`counts every request under the address the proxy appended, whatever the client wrote before it`, async () => {
        for (let i = 0; i < perClient.max; i++) {
          const reply = await throughProxy(ctx, `198.51.100.${i + 1}`, `person.${i}.${value}@example.org`);
          expect(reply.statusCode).toBe(200);
        }
        const refused = await throughProxy(ctx, '198.51.100.250', `person.last.${value}@example.org`);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
        // Counted per client, not under the proxy's own address.
        const other = await throughProxy(ctx, '198.51.100.250', `person.other.${value}@example.org`, '203.0.113.8');
        expect(other.statusCode).toBe(200);
      });
    },
    { seed: false, app: { trustProxy: trustProxyFromEnv(value) } },
  );
}
