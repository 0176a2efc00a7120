import { expect, it } from 'vitest';
import { backgroundTasksDone } from '../src/features/customer/background.ts';
import { client, cheapHashing, verifiedCustomer } from '../src/features/customer/test-support.ts';
import { withdrawalReceiptsDone } from '../src/features/withdrawal/declare.ts';
import { describeEachDatabase } from '../src/test/databases.ts';
import { collectRoutes, reachableWithoutStaff, type RouteEntry } from '../src/test/routes.ts';
import { loadExamples } from './examples.ts';
import { fingerprinter } from './fingerprint.ts';
import { hostileRequestsForAll, routeKey, runHostileRequests, type ProbeTarget } from './fuzz.ts';

let routes: RouteEntry[] = [];

/**
 * The hostile-input fuzz over every route the app registers (part of the test suite; `npm run probe` sends the
 * same requests to real API processes). Nothing may answer 5xx, every error must be in the envelope, and no
 * rejected request may change any table.
 */
describeEachDatabase(
  'hostile input over every endpoint',
  (ctx) => {
    it('never answers 5xx, always answers errors in the envelope, and rejected requests change nothing', async () => {
      const { token } = await verifiedCustomer(ctx, client(ctx));
      let clientNumber = 0;
      const fingerprint = await fingerprinter(ctx.db);
      const target: ProbeTarget = {
        fingerprint,
        async send(request) {
          const authorization =
            request.token === 'live' ? `Bearer ${token}` : request.token === 'junk' ? 'Bearer junk-token' : undefined;
          const response = await ctx.app.inject({
            method: request.method as 'GET',
            url: request.url,
            // A client address per request: the per-client rate limits would otherwise stop the probe at the door.
            remoteAddress: `10.77.${(++clientNumber >> 8) & 255}.${clientNumber & 255}`,
            headers: { ...(authorization ? { authorization } : {}), ...request.headers },
            ...(request.body === undefined ? {} : { payload: request.body }),
          });
          // An accepted registration, reset or withdrawal writes after its answer; the next request must not be blamed
          // for it.
          await backgroundTasksDone();
          await withdrawalReceiptsDone();
          return {
            status: response.statusCode,
            contentType: String(response.headers['content-type'] ?? ''),
            body: response.body,
          };
        },
      };
      const examples = await loadExamples(async (method, url, body) => {
        const response = await ctx.app.inject({
          method,
          url,
          ...(body === undefined ? {} : { payload: body as object }),
        });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
        return response.json().result;
      });
      // Every route that reads a body or a query has a valid example to spoil (a new one needs one too).
      const reachable = reachableWithoutStaff(routes);
      expect(reachable.length).toBeGreaterThan(50);
      const withoutExample = reachable.filter(
        (route) => (route.hasBody || route.hasQuery || route.params.length > 0) && !examples[routeKey(route)],
      );
      expect(withoutExample.map(routeKey)).toEqual([]);

      const requests = hostileRequestsForAll(reachable, examples, { seed: 20260115, randomCount: 8 });
      const figures = await runHostileRequests(target, requests);
      expect(figures.problems).toEqual([]);
      expect([figures.serverErrors, figures.withoutEnvelope, figures.stateChanges]).toEqual([0, 0, 0]);
      expect(figures.requests).toBe(requests.length);
      expect(requests.length).toBeGreaterThan(1000);
      // Something got through and something was refused: the fuzz reaches past the door and is not all 4xx.
      expect([...figures.statuses.keys()].some((status) => status < 300)).toBe(true);
      expect(figures.statuses.get(400)).toBeGreaterThan(500);
      // No request reached Object.prototype.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }, 180_000);
  },
  {
    app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' },
    configure: (app) => void (routes = collectRoutes(app)),
  },
);
