import type { RouteObject } from 'react-router-dom';
import { areaForPath } from '../../../shell/src/features/remotes/areaForPath.ts';
import { loadManifest, type AreaName } from '../../../shell/src/features/remotes/manifest.ts';

/**
 * The one-app build's stand-in for the shell's remote loader: the same `./routes` of each area, bundled into
 * this app and split with one dynamic import per area instead of Module Federation.
 */
const areas: Record<AreaName, () => Promise<{ default: RouteObject[] }>> = {
  catalog: () => import('../../../mf-catalog/src/routes.tsx'),
  cartCheckout: () => import('../../../mf-cart-checkout/src/routes.tsx'),
  account: () => import('../../../mf-account/src/routes.tsx'),
  levelTest: () => import('../../../mf-level-test/src/routes.tsx'),
};

export function loadAreaRoutes(area: AreaName): Promise<RouteObject[]> {
  return areas[area]().then((module) => module.default);
}

/** As the shell's: resolves (never rejects) once the area of `pathname` is in or failed. */
export function startAreaAt(pathname: string): Promise<void> {
  return loadManifest()
    .then((manifest) => {
      const area = areaForPath(manifest.areas, pathname);
      return area ? loadAreaRoutes(area).then(() => undefined) : undefined;
    })
    .catch(() => undefined);
}
