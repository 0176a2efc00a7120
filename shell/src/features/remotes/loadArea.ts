import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RouteObject } from 'react-router-dom';
import { loadManifest, type RemoteManifest } from './manifest.ts';
import type { AreaName } from './routeTable.ts';

let registered: RemoteManifest | null = null;

function register(manifest: RemoteManifest, force: boolean): void {
  if (registered === manifest && !force) return;
  registerRemotes(
    Object.entries(manifest.remotes).map(([name, entry]) => ({ name, entry, type: 'module' })),
    // force drops what the runtime cached for a remote, so a retry after an outage really loads again.
    { force: registered !== null },
  );
  registered = manifest;
}

/** Rejects after `ms`: a remote that accepts the connection and never answers must not hang the shell. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The first load of each area, shared by the early start at boot and the area's first render. */
const firstLoads = new Map<AreaName, Promise<RouteObject[]>>();

/**
 * Loads `<area>/routes`: the route objects of the remote's own paths. The first attempt is started once and
 * reused; a retry always loads again.
 */
export function loadAreaRoutes(area: AreaName, { retry = false } = {}): Promise<RouteObject[]> {
  if (retry) return loadRoutes(area, true);
  let first = firstLoads.get(area);
  if (!first) firstLoads.set(area, (first = loadRoutes(area, false)));
  return first;
}

/**
 * Starts loading the area that owns `pathname` right away, beside i18n: remotes.json, the remote's entry and
 * its routes then arrive in parallel with the texts instead of after them. A failure is left to the area's
 * render, which shows the notice with its retry.
 */
export function startAreaFor(area: AreaName | undefined): void {
  if (area) loadAreaRoutes(area).catch(() => undefined);
}

async function loadRoutes(area: AreaName, retry: boolean): Promise<RouteObject[]> {
  const manifest = await loadManifest();
  register(manifest, retry);
  const module = await withTimeout(loadRemote<{ default: RouteObject[] }>(`${area}/routes`), manifest.timeoutMs, area);
  if (!module || !Array.isArray(module.default)) throw new Error(`${area}/routes exposes no route list`);
  return module.default;
}
