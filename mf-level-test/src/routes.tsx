import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { PlaceholderScreen, registerTranslations } from '@shop/shared';
import { areaTranslations } from './i18n/index.ts';

registerTranslations(areaTranslations);

/** Paths of the level-test area (spec §2); the screens are built by the level-test issue. */
const routes: RouteObject[] = [
  { path: '/level-test', element: <PlaceholderScreen titleKey="levelTest.start.title" /> },
  { path: '/level-test/complete', element: <PlaceholderScreen titleKey="levelTest.complete.title" /> },
  { path: '/level-test/:level', element: <PlaceholderScreen titleKey="levelTest.questions.title" /> },
  // /einstufung is linked from the school's site as the test start.
  { path: '/einstufung', element: <Navigate to="/level-test" replace /> },
];

export default routes;
