import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  initI18n,
  pushConsentDefaults,
  registerTranslations,
  settleWithin,
  startLoad,
  syncCartAcrossTabs,
  syncSessionAcrossTabs,
} from '@shop/shared';
import { App } from './app/App.tsx';
import { firstPaintAreaWaitMs } from './boot/firstPaint.ts';
import { readGlobalQueryParameters } from './boot/globalQueryParameters.ts';
import { nextCoursesLoad } from './features/home/NextCourses.tsx';
import { startAreaAt } from './features/remotes/loadArea.ts';
import { loadShopMode } from './features/test-mode/shopMode.ts';
import { shellTranslations } from './i18n/index.ts';

// Consent Mode's defaults (denied) first in the dataLayer, before any area can push an event: a tag manager applies
// them only to what follows them in the queue, and analytics.json, which names the container, may answer after a
// visitor has already put a course into the cart. Harmless without a container: nothing reads the queue then.
pushConsentDefaults();
// Before anything rewrites the address; the carried cart arrives when it arrives (the cart store is reactive).
void readGlobalQueryParameters();
registerTranslations(shellTranslations);
syncCartAcrossTabs();
syncSessionAcrossTabs();

// Asked now, beside the texts, so the test-shop notice never waits for them (nor they for it); likewise the
// area of this address (remotes.json, its entry, its routes) loads in parallel with the texts.
void loadShopMode();
// The home page's course list is asked for now, not once the page has rendered, and the first paint waits
// for its answer as an area's routes wait for their first screen's (docs/performance.md#the-first-screens-path).
const homeAnswered = window.location.pathname === '/' ? startLoad(nextCoursesLoad) : undefined;
const areaStarted = startAreaAt(window.location.pathname);
// Render once texts are there, so no raw key ever flashes (initI18n never rejects: bundled fallback), and once
// this address's area (or the home page's list) is in, within firstPaintAreaWaitMs: a first paint with the page
// instead of a loading notice, which React would reveal only after its fallback throttle
// (docs/performance.md#the-first-screens-path).
// allSettled: an area that fails (remotes.json down) must not cut short the wait for the home page's list.
const pageReady = Promise.allSettled([areaStarted, homeAnswered]);
void Promise.all([initI18n(), settleWithin(pageReady, firstPaintAreaWaitMs)]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
