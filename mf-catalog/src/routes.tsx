import { lazy, type ComponentType } from 'react';
import { useLocation, type RouteObject } from 'react-router-dom';
import { registerTranslations } from '@shop/shared';
import { ShopCartProvider } from './features/cart/CatalogCart.tsx';
import { areaTranslations } from './i18n/index.ts';

// The shown language's texts are in before the shell renders any of these routes.
await registerTranslations(areaTranslations);

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

/**
 * Each page is its own chunk, loaded when its path is first visited (the shell's Suspense shows the loading
 * notice meanwhile), so the first listing does not wait for the code of the other three.
 */
const CoursesPage = lazy(() => import('./features/pages/CoursesPage.tsx').then((m) => ({ default: m.CoursesPage })));
const ProductsPage = lazy(() => import('./features/pages/ProductsPage.tsx').then((m) => ({ default: m.ProductsPage })));
const ModularCoursePage = lazy(() =>
  import('./features/pages/ModularCoursePage.tsx').then((m) => ({ default: m.ModularCoursePage })),
);
const CombinedPage = lazy(() => import('./features/pages/CombinedPage.tsx').then((m) => ({ default: m.CombinedPage })));
const OfferPage = lazy(() => import('./features/waitlist/OfferPage.tsx').then((m) => ({ default: m.OfferPage })));
const LeavePage = lazy(() => import('./features/waitlist/LeavePage.tsx').then((m) => ({ default: m.LeavePage })));

/** Paths of the catalog area (docs/product-rules.md#screens Listing screens). */
const routes: RouteObject[] = [
  { path: '/courses', element: <Listing page={CoursesPage} /> },
  { path: '/products', element: <Listing page={ProductsPage} /> },
  { path: '/modular-course', element: <Listing page={ModularCoursePage} /> },
  { path: '/products-iframe', element: <Listing page={CombinedPage} /> },
  // The links of the waitlist's mails.
  { path: '/waitlist/offer', element: <OfferPage /> },
  { path: '/waitlist/leave', element: <LeavePage /> },
];

export default routes;
