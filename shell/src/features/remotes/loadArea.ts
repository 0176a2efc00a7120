import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RouteObject } from 'react-router-dom';
import { satisfies, sharedVersion } from '@shop/shared';
import { areaForPath } from './areaForPath.ts';
import { loadManifest, type AreaName, type RemoteManifest } from './manifest.ts';
import { asLoadFailure } from './reportFailure.ts';
import { SharedVersionClash } from './sharedVersion.ts';
import { withTimeout } from './timeout.ts';

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
 * Starts loading the area that owns `pathname` right away, beside i18n: remotes.json (which names the area of
 * the path), the remote's entry and its routes then arrive in parallel with the texts instead of after them. A
 * failure is left to the area's render, which shows the notice with its retry. Resolves (never rejects) once
 * the area's routes are in or failed, or at once where no area owns the path.
 */
export function startAreaAt(pathname: string): Promise<void> {
  return loadManifest()
    .then((manifest) => {
      const area = areaForPath(manifest.areas, pathname);
      return area ? loadAreaRoutes(area).then(() => undefined) : undefined;
    })
    .catch(() => undefined);
}

/**
 * A remote built against another `@shop/shared` than the one this page runs is refused before its entry is
 * loaded: the page has one shared instance (a singleton), and a remote meeting a copy it was not built for
 * breaks in unforeseeable ways (docs/decisions/0032-version-skew.md).
 */
function refuseVersionClash(area: AreaName, manifest: RemoteManifest): void {
  const range = manifest.areas[area].shared;
  if (satisfies(sharedVersion, range)) return;
  const clash = new SharedVersionClash(area, range, sharedVersion);
  console.error(clash.message);
  throw clash;
}

async function loadRoutes(area: AreaName, retry: boolean): Promise<RouteObject[]> {
  // A retry reads remotes.json again: the compose step may have pointed the area at a fitting build meanwhile.
  const manifest = await loadManifest({ fresh: retry });
  refuseVersionClash(area, manifest);
  register(manifest, retry);
  const module = await withTimeout(
    loadRemote<{ default: RouteObject[] }>(`${area}/routes`),
    manifest.timeoutMs,
    area,
  ).catch((error: unknown) => Promise.reject(asLoadFailure(error)));
  if (!module || !Array.isArray(module.default)) throw asLoadFailure(new Error(`${area}/routes exposes no route list`));
  return module.default;
}
