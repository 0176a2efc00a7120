import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopMode } from '@shop/shared';
import { loadShopMode } from './shopMode.ts';
import { testModeNoticeCss } from './testModeNotice.css.ts';

/**
 * On every page while the shop runs in development (sandbox payments, dev outbox): a notice that this is a test
 * shop and no real payment is taken (docs/decisions/0003-production-mode.md). Rendered when the mode arrives,
 * as a fixed bar that takes nobody's place; nothing at all in production or when the mode is unknown.
 */
export function TestShopNotice() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ShopMode | null>(null);
  useEffect(() => {
    let live = true;
    void loadShopMode().then((value) => live && setMode(value));
    return () => {
      live = false;
    };
  }, []);
  if (mode !== 'development') return null;
  return (
    <>
      <style href="shell-test-notice" precedence="default">
        {testModeNoticeCss}
      </style>
      <div className="shell-test-notice__spacer" aria-hidden="true" />
      <aside className="shell-test-notice" aria-label={t('shell.testMode.label')} data-testid="test-shop-notice">
        <p>{t('shell.testMode.notice')}</p>
      </aside>
    </>
  );
}
