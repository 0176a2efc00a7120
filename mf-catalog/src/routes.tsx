import type { ComponentType } from 'react';
import { useLocation, type RouteObject } from 'react-router-dom';
import { registerTranslations } from '@shop/shared';
import { ShopCartProvider } from './features/cart/CatalogCart.tsx';
import { CombinedPage } from './features/pages/CombinedPage.tsx';
import { CoursesPage } from './features/pages/CoursesPage.tsx';
import { ModularCoursePage } from './features/pages/ModularCoursePage.tsx';
import { ProductsPage } from './features/pages/ProductsPage.tsx';
import { areaTranslations } from './i18n/index.ts';

registerTranslations(areaTranslations);

/**
 * A listing screen, remounted when its URL changes: filters and search live in the screen, so leaving a
 * listing (or following a link with other query values) starts from a clean state (docs/product-rules.md#screens).
 */
function Listing({ page: Page }: { page: ComponentType }) {
  const { pathname, search } = useLocation();
  return (
    <ShopCartProvider>
      <Page key={`${pathname}${search}`} />
    </ShopCartProvider>
  );
}

/** Paths of the catalog area (docs/product-rules.md#screens Listing screens). */
const routes: RouteObject[] = [
  { path: '/courses', element: <Listing page={CoursesPage} /> },
  { path: '/products', element: <Listing page={ProductsPage} /> },
  { path: '/modular-course', element: <Listing page={ModularCoursePage} /> },
  { path: '/products-iframe', element: <Listing page={CombinedPage} /> },
];

export default routes;
