import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { registerTranslations } from '@shop/shared';
import { LevelTestLayout } from './features/layout/LevelTestLayout.tsx';
import { QuestionsPage } from './features/questions/QuestionsPage.tsx';
import { ResultPage } from './features/result/ResultPage.tsx';
import { StartPage } from './features/start/StartPage.tsx';
import { areaTranslations } from './i18n/index.ts';

// The shown language's texts are in before the shell renders any of these routes.
await registerTranslations(areaTranslations);

/** Paths of the level-test area (docs/product-rules.md#screens), all inside the level-test frame with its footer links. */
const routes: RouteObject[] = [
  {
    element: <LevelTestLayout />,
    children: [
      { path: '/level-test', element: <StartPage /> },
      { path: '/level-test/complete', element: <ResultPage /> },
      { path: '/level-test/:level', element: <QuestionsPage /> },
    ],
  },
  // /einstufung is linked from the school's site as the test start.
  { path: '/einstufung', element: <Navigate to="/level-test" replace /> },
];

export default routes;
