import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { frameFlags, isFramed, SharedStyles, startHeightReporter, usePageHeading } from '@shop/shared';
import { useContainerId, useTagManager } from '../features/analytics/useTagManager.ts';
import { ConsentBanner } from '../features/consent/ConsentBanner.tsx';
import { ConsentSettingsButton, Footer } from '../features/footer/Footer.tsx';
import { WithdrawalLink } from '../features/footer/WithdrawalLink.tsx';
import { Header } from '../features/header/Header.tsx';
import { Home } from '../features/home/Home.tsx';
import { AreaForPath } from '../features/remotes/AreaForPath.tsx';
import { frameCss } from './frame.css.ts';
import { LinkLoginNotice } from '../features/session/LinkLoginNotice.tsx';
import { PageNoticeBanner } from '../features/session/PageNoticeBanner.tsx';
import { SessionGuard } from '../features/session/SessionGuard.tsx';
import { TestShopNotice } from '../features/test-mode/TestShopNotice.tsx';

/**
 * The page frame: skip link, header (banner landmark with its nav), main, footer (contentinfo with its nav),
 * and the platform concerns of the whole page — session rules and the notice of a login by link, document title
 * and focus after navigation,
 * height reporting when framed, tag manager after consent, the test-shop notice in development. Header and
 * footer follow the global flags (hideHeader, hideFooter) captured at start.
 */
export function Frame() {
  const { t } = useTranslation();
  const flags = frameFlags();
  const containerId = useContainerId();
  usePageHeading({ siteName: t('common.siteName') });
  useTagManager(containerId);
  // Every framed page reports its height (a no-op when not framed), whatever route it shows.
  useEffect(() => startHeightReporter(), []);
  return (
    <>
      <SharedStyles />
      <style href="shell-frame" precedence="default">
        {frameCss}
      </style>
      <SessionGuard />
      <a href="#main" className="shop-skip-link">
        {t('shell.skipToContent')}
      </a>
      {containerId ? <ConsentBanner /> : null}
      {flags.hideHeader ? null : <Header />}
      {/* Framed pages take their content's height (the parent sizes the frame to it); see frame.css.ts. */}
      <main id="main" tabIndex={-1} className={isFramed() ? 'shell-main' : 'shell-main shell-main--screen'}>
        {/* Whose account a customerToken link logged in, above every page (docs/decisions/0077-login-links.md). */}
        <LinkLoginNotice />
        {/* A success notice the previous page carried here (a logout, a new password, a changed address). */}
        <PageNoticeBanner />
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="*" element={<AreaForPath />} />
        </Routes>
      </main>
      {/* The withdrawal control stays when the host page hides the footer (docs/decisions/0011-withdrawal.md), and so
          do the consent settings wherever the banner can ask (0011's later note). */}
      {flags.hideFooter ? (
        <div className="shell-footer-essentials">
          <WithdrawalLink standalone />
          {containerId !== null ? <ConsentSettingsButton /> : null}
        </div>
      ) : (
        <Footer consentConfigurable={containerId !== null} />
      )}
      <TestShopNotice />
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
