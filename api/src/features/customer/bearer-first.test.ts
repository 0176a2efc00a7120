import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { collectRoutes, type RouteEntry } from '../../test/routes.ts';
import { cheapHashing, client, register, verifiedCustomer } from './test-support.ts';

let routes: RouteEntry[] = [];

/** A body that fails every schema, and one that is no JSON at all. */
const badBodies: { payload: string; contentType: string }[] = [
  { payload: '{"unexpected": "\u0000", "nested": {"__proto__": 1}}', contentType: 'application/json' },
  { payload: '{"broken": ', contentType: 'application/json' },
  { payload: '[1, 2, 3]', contentType: 'application/json' },
];
const badQuery = '?limit=-1&offset=x&unknown=%00';

describeEachDatabase(
  'bearer routes: the token is checked before anything else',
  (ctx) => {
    const send = (route: RouteEntry, token: string | undefined, body: (typeof badBodies)[number]) => {
      const url = route.url.replace(/:(\w+)/g, 'x') + badQuery;
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      if (route.method === 'GET') return ctx.app.inject({ method: 'GET', url, headers });
      return ctx.app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };

    it('marks exactly the calls of a customer (and the cart calls that take an optional token)', () => {
      const marked = routes
        .filter((route) => route.bearer)
        .map((route) => `${route.bearer} ${route.method} ${route.url}`);
      expect(marked.sort()).toEqual(
        [
          'unverified GET /api/customer/me',
          'verified PUT /api/customer/me/update',
          'verified PUT /api/customer/me/update-password',
          'verified GET /api/customer/me/billing-address',
          'verified POST /api/customer/me/billing-address',
          'verified GET /api/customer/me/balances',
          'verified GET /api/customer/me/orders',
          'verified GET /api/customer/me/orders/:orderId/calendar',
          'verified GET /api/customer/me/orders/:orderId/invoices',
          'verified GET /api/customer/me/orders/:orderId/invoices/:number',
          'verified GET /api/customer/me/privacy/deletion',
          'verified POST /api/customer/me/privacy/export',
          'verified POST /api/customer/me/privacy/delete',
          'verified POST /api/exam/save',
          'verified GET /api/exam/history',
          'optional POST /api/cart/calculate-price',
          'optional POST /api/cart/validate',
          'optional POST /api/cart/submit',
          'optional POST /api/waitlist/join',
          'optional POST /api/withdrawals',
        ].sort(),
      );
    });

    it('answers 401 to a missing, unknown or revoked token whatever the body or query', async () => {
      const c = client(ctx);
      const { token: revoked } = await register(c);
      await c.post('/api/customer/logout', undefined, revoked);
      for (const route of routes.filter((r) => r.bearer === 'verified' || r.bearer === 'unverified')) {
        for (const token of [undefined, 'not-a-token', revoked]) {
          for (const body of badBodies) {
            const response = await send(route, token, body);
            expect(response.statusCode, `${route.method} ${route.url} ${token ?? 'no token'} ${body.payload}`).toBe(
              401,
            );
            expect(response.json().error.code).toBe('UNAUTHORIZED');
          }
        }
      }
    });

    it('answers 401 to a dead token on the calls where a token is optional; without one the body counts', async () => {
      for (const route of routes.filter((r) => r.bearer === 'optional')) {
        for (const body of badBodies) {
          const dead = await send(route, 'not-a-token', body);
          expect(dead.statusCode, `${route.url} ${body.payload}`).toBe(401);
          const none = await send(route, undefined, body);
          expect(none.statusCode, `${route.url} ${body.payload}`).toBe(400);
        }
      }
    });

    it('with a live token, a bad body is a 400 again', async () => {
      const { token } = await verifiedCustomer(ctx, client(ctx));
      for (const route of routes.filter((r) => r.bearer && r.hasBody)) {
        const response = await send(route, token, badBodies[0]!);
        expect(response.statusCode, route.url).toBe(400);
      }
    });
  },
  {
    seed: false,
    app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' },
    configure: (app) => void (routes = collectRoutes(app)),
  },
);
