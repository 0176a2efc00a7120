import type { BearerRule } from '../features/customer/authenticate.ts';
import type { App } from '../app.ts';
import type { AdminAccess } from '../features/staff/access.ts';

/** One route of the API as Fastify registered it: what the route tests enumerate. */
export interface RouteEntry {
  method: string;
  /** The path as registered, e.g. `/api/cart/sync/:id`. */
  url: string;
  bearer: BearerRule | undefined;
  /** Admin routes: who may call it (features/staff/access.ts). */
  access: AdminAccess | undefined;
  /** Whether a body schema is declared (the route reads a body). */
  hasBody: boolean;
  hasQuery: boolean;
  /** Names of the path parameters. */
  params: string[];
}

/**
 * Collects every route the app registers (call before `ready()`), HEAD twins left out: tests walk them all, so
 * a new route is covered without anybody listing it.
 */
export function collectRoutes(app: App): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        bearer: route.config?.bearer,
        access: route.config?.access,
        hasBody: Boolean(route.schema?.body),
        hasQuery: Boolean(route.schema?.querystring),
        params: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
      });
    }
  });
  return routes;
}

/**
 * The routes a stranger reaches with hostile input: every route but the admin calls that need a staff session,
 * which answer 401 before they read anything (their bad input, with a token, is tested in admin/plugin.test.ts).
 */
export const reachableWithoutStaff = (routes: readonly RouteEntry[]): RouteEntry[] =>
  routes.filter((route) => route.access === undefined || route.access === 'public');
