import type { RouteObject } from 'react-router-dom';
import { PlaceholderScreen, registerTranslations } from '@shop/shared';
import { CoursesPage } from './features/courses/CoursesPage.tsx';
import { areaTranslations } from './i18n/index.ts';

registerTranslations(areaTranslations);

/** Paths of the catalog area (spec §2 Listing screens). */
const routes: RouteObject[] = [
  { path: '/courses', element: <CoursesPage /> },
  { path: '/products', element: <PlaceholderScreen titleKey="catalog.products.title" /> },
  { path: '/modular-course', element: <PlaceholderScreen titleKey="catalog.modular.title" /> },
  { path: '/products-iframe', element: <PlaceholderScreen titleKey="catalog.iframe.title" /> },
];

export default routes;
