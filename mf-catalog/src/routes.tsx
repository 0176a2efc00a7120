import { isValidElement, lazy, type ComponentType } from 'react';
import { useLocation, type RouteObject } from 'react-router-dom';
import { registerTranslations } from '@shop/shared';
import { ShopCartProvider } from './features/cart/CatalogCart.tsx';
import { startFirstScreenLoads } from './features/listing/firstScreenLoads.ts';
import { listingScreenKey } from './features/query/listingQuery.ts';
import { areaTranslations } from './i18n/index.ts';

/**
 * A listing screen, remounted when its URL names another screen: leaving a listing (or following a link with other
 * query values) starts from a clean state (docs/product-rules.md#screens). The applied filter and the view live in
 * the URL and change without a remount (listingScreenKey), so the focus and an open filter panel stay.
 */
function Listing({ page: Page }: { page: ComponentType }) {
  const { pathname, search } = useLocation();
  return (
    <ShopCartProvider>
      <Page key={listingScreenKey(pathname, search)} />
    </ShopCartProvider>
  );
}

/** A page component loaded on first use, whose code can also be asked for before it renders (`preload`). */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}

/**
 * Each page is its own chunk, loaded when its path is first visited (the shell's Suspense shows the loading
 * notice meanwhile), so the first listing does not wait for the code of the other three.
 */
const CoursesPage = lazyPage(() => import('./features/pages/CoursesPage.tsx').then((m) => m.CoursesPage));
const ProductsPage = lazyPage(() => import('./features/pages/ProductsPage.tsx').then((m) => m.ProductsPage));
const ModularCoursePage = lazyPage(() =>
  import('./features/pages/ModularCoursePage.tsx').then((m) => m.ModularCoursePage),
);
const CombinedPage = lazyPage(() => import('./features/pages/CombinedPage.tsx').then((m) => m.CombinedPage));
const PackagesPage = lazyPage(() => import('./features/packages/PackagesPage.tsx').then((m) => m.PackagesPage));
const OfferPage = lazyPage(() => import('./features/waitlist/OfferPage.tsx').then((m) => m.OfferPage));
const LeavePage = lazyPage(() => import('./features/waitlist/LeavePage.tsx').then((m) => m.LeavePage));

/** Paths of the catalog area (docs/product-rules.md#screens Listing screens). */
const routes: RouteObject[] = [
  { path: '/courses', element: <Listing page={CoursesPage} /> },
  { path: '/products', element: <Listing page={ProductsPage} /> },
  { path: '/modular-course', element: <Listing page={ModularCoursePage} /> },
  { path: '/products-iframe', element: <Listing page={CombinedPage} /> },
  // Every package, bought on its own (the header's "Pakete").
  { path: '/packages', element: <PackagesPage /> },
  // The links of the waitlist's mails.
  { path: '/waitlist/offer', element: <OfferPage /> },
  { path: '/waitlist/leave', element: <LeavePage /> },
];

/** The lazy page a route shows: `<Listing page={Page} />` or `<Page />`. */
function pageOf(route: RouteObject | undefined): { preload?: () => Promise<unknown> } | undefined {
  if (!isValidElement<{ page?: unknown }>(route?.element)) return undefined;
  return (route.element.props.page ?? route.element.type) as { preload?: () => Promise<unknown> };
}

// The first screen of the address is asked for as these routes arrive, not when the shell first renders it: its
// data (beside the texts), and its page's code. The routes wait for both with the texts, so the page shows
// without a loading notice first, which React would replace only after its fallback throttle
// (docs/performance.md#the-first-screens-path), and its first commit holds the cards: one paint, and no second,
// long commit of the cards and the slider after it (docs/performance.md#the-first-screens-path).
// The data waits at most firstScreenDataWaitMs. A page that fails to load is left to its render (the area notice).
const firstScreenData = startFirstScreenLoads(window.location);
const firstPage = pageOf(routes.find((route) => route.path === window.location.pathname));
await Promise.all([
  registerTranslations(areaTranslations),
  firstPage?.preload?.().catch(() => undefined),
  firstScreenData,
]);

export default routes;
