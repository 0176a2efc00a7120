import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { Banner, Button } from '@shop/shared';
import { loadAreaRoutes } from './loadArea.ts';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import { reportAreaFailure } from './reportFailure.ts';
import { ManifestUnreadable, type AreaName } from './manifest.ts';

export type LoadRoutes = (area: AreaName, options: { retry: boolean }) => Promise<RouteObject[]>;

function AreaRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * One lazy component per area and attempt: React.lazy remembers a failure forever, so a retry needs a new
 * one, while a success is kept and moving between areas never loads a remote twice.
 */
const lazyAreas = new WeakMap<LoadRoutes, Map<string, ComponentType>>();

function areaComponent(area: AreaName, attempt: number, load: LoadRoutes): ComponentType {
  const key = `${area}:${attempt}`;
  let byLoader = lazyAreas.get(load);
  if (!byLoader) lazyAreas.set(load, (byLoader = new Map()));
  let component = byLoader.get(key);
  if (!component) {
    component = lazy(async () => {
      const routes = await load(area, { retry: attempt > 0 });
      return { default: () => <AreaRoutes routes={routes} /> };
    });
    byLoader.set(key, component);
  }
  return component;
}

/**
 * The notice in the content area, within the page's width like an area's own page (frame.css.ts), under a main
 * heading as every page of the shop has one (WCAG 2.4.6, 1.3.1): it names the document and takes the focus after a
 * navigation (usePageHeading), and the alert beside it says what happened in full. "Retry" goes away with the notice,
 * so it hands the focus to the page's main content first (the shell's `main` takes it), where the loading notice and
 * then the area appear: not dropped to the top of the page (WCAG 2.4.3). The loading notice has no heading of its
 * own: a heading there would be the one usePageHeading focuses, and the area's, arriving a moment later, would not be.
 */
export function Unavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="shop-page shell-area-notice">
      <h1 tabIndex={-1}>{t('shell.remote.unavailableTitle')}</h1>
      <Banner tone="alert">
        <p>{t('shell.remote.unavailable')}</p>
        <Button
          onClick={(event) => {
            event.currentTarget.closest('main')?.focus({ preventScroll: true });
            onRetry();
          }}
        >
          {t('shell.remote.retry')}
        </Button>
      </Banner>
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="shop-page shell-area-notice">
      {t('shell.remote.loading')}
    </p>
  );
}

/** Reloads the page, showing the loading notice until the reload replaces it. */
function ReloadPage({ reloadPage }: { reloadPage: () => void }) {
  useEffect(reloadPage, [reloadPage]);
  return <Loading />;
}

const reloadThisPage = () => window.location.reload();

/**
 * Mounts the remote owning the current path under an error boundary, with a translated notice and retry. A retry
 * loads the area again in the page; when the area fails again, loading or rendering, the page is reloaded (when
 * the retry could not even read remotes.json, the notice comes back instead). Browsers
 * may keep a module whose fetch failed as failed for the page's whole life (Chromium 150 does, for the entry, for
 * every file it imports or preloaded, and for a page's lazy chunk), and then no attempt in the page can succeed; a
 * reloaded page starts without them (docs/decisions/0059-a-retry-that-reloads-when-the-page-cannot.md). A notice
 * belongs to its page: another page of the area renders again without a retry (a page that throws leaves the others).
 */
export function RemoteArea({
  area,
  load = loadAreaRoutes,
  reloadPage = reloadThisPage,
  report = reportAreaFailure,
}: {
  area: AreaName;
  load?: LoadRoutes;
  reloadPage?: () => void;
  /** Tells the API the area was contained (reportFailure.ts). */
  report?: (area: AreaName, error: unknown) => void;
}) {
  const { pathname } = useLocation();
  const [attempts, setAttempts] = useState<Partial<Record<AreaName, number>>>({});
  const attempt = attempts[area] ?? 0;
  const Area = areaComponent(area, attempt, load);
  const retry = () => setAttempts((previous) => ({ ...previous, [area]: attempt + 1 }));
  // A retry that could not read remotes.json (it hung past the timeout, or failed) fetched nothing of the area, so no
  // module the browser may keep as failed: the notice comes back with its retry, and the page keeps header, footer
  // and cart, which a reload from a server that hangs would lose.
  const fallback = (error: unknown) =>
    attempt === 0 || error instanceof ManifestUnreadable ? (
      <Unavailable onRetry={retry} />
    ) : (
      <ReloadPage reloadPage={reloadPage} />
    );

  return (
    <RemoteErrorBoundary
      key={`${area}:${attempt}`}
      resetKey={pathname}
      fallback={fallback}
      onError={(error) => report(area, error)}
    >
      <Suspense fallback={<Loading />}>
        <Area />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
