import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { SharedStyles } from '@shop/shared';
import { chromeFlags } from '../features/chrome/chromeFlags.ts';
import { Footer } from '../features/footer/Footer.tsx';
import { Header } from '../features/header/Header.tsx';
import { Home } from '../features/home/Home.tsx';
import { RemoteArea } from '../features/remotes/RemoteArea.tsx';
import { areaForPath } from '../features/remotes/routeTable.ts';
import { SessionGuard } from '../features/session/SessionGuard.tsx';

/** Any path but `/`: the owning remote, or the redirect of spec §2 for unknown paths. */
function AreaOrRedirect() {
  const { pathname } = useLocation();
  const area = areaForPath(pathname);
  return area ? <RemoteArea area={area} /> : <Navigate to="/account-data" replace />;
}

export function Frame() {
  const { t } = useTranslation();
  return (
    <>
      <SharedStyles />
      <SessionGuard />
      <a href="#main" className="shop-skip-link">
        {t('shell.skipToContent')}
      </a>
      {chromeFlags.hideHeader ? null : <Header />}
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="*" element={<AreaOrRedirect />} />
        </Routes>
      </main>
      {chromeFlags.hideFooter ? null : <Footer />}
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Frame />
    </BrowserRouter>
  );
}
