import type { RouteObject } from 'react-router-dom';
import type { AreaName } from '../../../shell/src/features/remotes/routeTable.ts';

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

export function startAreaFor(area: AreaName | undefined): void {
  if (area) loadAreaRoutes(area).catch(() => undefined);
}
