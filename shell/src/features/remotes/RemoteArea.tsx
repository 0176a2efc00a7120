import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { Banner, Button } from '@shop/shared';
import { loadAreaRoutes } from './loadArea.ts';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import type { AreaName } from './manifest.ts';

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

export function Unavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Banner tone="alert">
      <p>{t('shell.remote.unavailable')}</p>
      <Button onClick={onRetry}>{t('shell.remote.retry')}</Button>
    </Banner>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return <p role="status">{t('shell.remote.loading')}</p>;
}

/** Mounts the remote owning the current path under an error boundary, with a translated notice and retry. */
export function RemoteArea({ area, load = loadAreaRoutes }: { area: AreaName; load?: LoadRoutes }) {
  const [attempts, setAttempts] = useState<Partial<Record<AreaName, number>>>({});
  const attempt = attempts[area] ?? 0;
  const Area = areaComponent(area, attempt, load);
  const retry = () => setAttempts((previous) => ({ ...previous, [area]: attempt + 1 }));

  return (
    <RemoteErrorBoundary key={`${area}:${attempt}`} fallback={<Unavailable onRetry={retry} />}>
      <Suspense fallback={<Loading />}>
        <Area />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
