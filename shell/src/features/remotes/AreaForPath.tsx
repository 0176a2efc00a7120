import { Suspense, use, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { areaForPath } from './areaForPath.ts';
import { loadManifest, type RemoteManifest } from './manifest.ts';
import { Loading, RemoteArea, Unavailable, type LoadRoutes } from './RemoteArea.tsx';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';

interface Props {
  manifest?: () => Promise<RemoteManifest>;
  load?: LoadRoutes;
}

function Routed({ manifest, load }: { manifest: Promise<RemoteManifest>; load: LoadRoutes | undefined }) {
  const { pathname } = useLocation();
  const area = areaForPath(use(manifest).areas, pathname);
  if (!area) return <Navigate to="/account-data" replace />;
  return load ? <RemoteArea area={area} load={load} /> : <RemoteArea area={area} />;
}

/**
 * Any path but `/`: the remote that the composed remotes.json names for it, or the redirect of
 * docs/product-rules.md#screens for a path no area serves. While remotes.json cannot be read, no path is
 * known: the area notice with its retry shows instead of a redirect, until a retry or the next page asks again.
 */
export function AreaForPath({ manifest = loadManifest, load }: Props) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      key={attempt}
      resetKey={pathname}
      fallback={<Unavailable onRetry={() => setAttempt(attempt + 1)} />}
    >
      <Suspense fallback={<Loading />}>
        <Routed manifest={manifest()} load={load} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
