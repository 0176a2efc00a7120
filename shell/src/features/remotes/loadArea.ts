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

/** Loads `<area>/routes`: the route objects of the remote's own paths. */
export async function loadAreaRoutes(area: AreaName, { retry = false } = {}): Promise<RouteObject[]> {
  const manifest = await loadManifest();
  register(manifest, retry);
  const module = await withTimeout(loadRemote<{ default: RouteObject[] }>(`${area}/routes`), manifest.timeoutMs, area);
  if (!module || !Array.isArray(module.default)) throw new Error(`${area}/routes exposes no route list`);
  return module.default;
}
