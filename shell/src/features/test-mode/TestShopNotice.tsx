import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopMode } from '@shop/shared';
import { loadShopMode } from './shopMode.ts';
import { testModeNoticeCss } from './testModeNotice.css.ts';

/**
 * The bar's height, as the page's room at the bottom: its spacer and `--shop-overlay-bottom`, above which whatever
 * sticks to the bottom of the screen sits (the cart's total, the filter sheet). The style sheet's value is one line;
 * on a phone the text takes two, and the bar covered half of the cart's "Zur Kasse".
 */
function useBarHeightAsRoom(shown: boolean, bar: RefObject<HTMLElement | null>, spacer: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = `${element.getBoundingClientRect().height}px`;
      root.style.setProperty('--shop-overlay-bottom', height);
      if (spacer.current) spacer.current.style.height = height;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--shop-overlay-bottom');
    };
  }, [shown, bar, spacer]);
}

/**
 * On every page while the shop runs in development (sandbox payments, dev outbox): a notice that this is a test
 * shop and no real payment is taken (docs/decisions/0003-production-mode.md). Rendered when the mode arrives,
 * as a fixed bar that takes nobody's place; nothing at all in production or when the mode is unknown.
 */
export function TestShopNotice() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ShopMode | null>(null);
  const bar = useRef<HTMLElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  useBarHeightAsRoom(mode === 'development', bar, spacer);
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
      <div ref={spacer} className="shell-test-notice__spacer" aria-hidden="true" />
      <aside
        ref={bar}
        className="shell-test-notice"
        aria-label={t('shell.testMode.label')}
        data-testid="test-shop-notice"
      >
        <p>{t('shell.testMode.notice')}</p>
      </aside>
    </>
  );
}
