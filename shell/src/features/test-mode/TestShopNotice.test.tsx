import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@shop/shared';
import { fakeApi } from '@shop/shared/testing';
import { startShellI18n } from '../../i18n/testing.ts';
import { resetShopModeForTest } from './shopMode.ts';
import { TestShopNotice } from './TestShopNotice.tsx';

beforeAll(startShellI18n);
beforeEach(resetShopModeForTest);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('de');
});

/** The mode answer held back until the test releases it, to see the page before and after it arrives. */
function modeArrivingLater(mode: string) {
  let release = () => {};
  const calls = fakeApi({
    'GET /api/shop/mode': () =>
      new Promise<Response>((resolve) => {
        release = () =>
          resolve(
            new Response(JSON.stringify({ result: { mode } }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          );
      }),
  });
  return { calls, release: () => act(async () => release()) };
}

describe('TestShopNotice', () => {
  it('shows nothing until the mode arrives, then a labelled notice in development, in the current language', async () => {
    const { calls, release } = modeArrivingLater('development');
    const { container } = render(<TestShopNotice />);
    expect(container.innerHTML).toBe('');
    await release();
    const notice = await screen.findByRole('complementary', { name: 'Testbetrieb' });
    expect(notice.textContent).toBe('Dies ist ein Testshop: Es werden keine echten Zahlungen ausgeführt.');
    expect(calls.map((call) => call.url)).toEqual(['/api/shop/mode']);

    // Other languages' texts are loaded when first shown, so the switch may take a moment.
    await act(() => i18n.changeLanguage('es'));
    expect((await screen.findByRole('complementary', { name: 'Modo de prueba' })).textContent).toBe(
      'Esta es una tienda de prueba: no se realiza ningún pago real.',
    );
    await act(() => i18n.changeLanguage('en'));
    expect((await screen.findByRole('complementary', { name: 'Test mode' })).textContent).toBe(
      'This is a test shop: no real payments are taken.',
    );
  });

  it('is a fixed bar with a spacer of its height, so its arrival moves nothing on the page', async () => {
    const { release } = modeArrivingLater('development');
    const { container } = render(<TestShopNotice />);
    await release();
    await screen.findByTestId('test-shop-notice');
    const css =
      document.head.querySelector('style[data-href="shell-test-notice"]')?.textContent ??
      container.querySelector('style')?.textContent ??
      '';
    expect(css).toMatch(/\.shell-test-notice \{ position: fixed;/);
    const barHeight = /\.shell-test-notice \{[^}]*min-height: ([^;]+);/.exec(css)?.[1];
    expect(css).toContain(`.shell-test-notice__spacer { height: ${barHeight};`);
    expect(container.querySelector('.shell-test-notice__spacer')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('gives the page its real height as room at the bottom when the text takes two lines, and takes it back', async () => {
    let resized: () => void = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { release } = modeArrivingLater('development');
    const { container, unmount } = render(<TestShopNotice />);
    await release();
    const bar = await screen.findByTestId('test-shop-notice');
    vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue({ height: 56 } as DOMRect);
    act(() => resized());
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--shop-overlay-bottom')).toBe('56px');
    expect((container.querySelector('.shell-test-notice__spacer') as HTMLElement).style.height).toBe('56px');
    unmount();
    expect(root.getPropertyValue('--shop-overlay-bottom')).toBe('');
    vi.unstubAllGlobals();
  });

  it('shows nothing in production, and nothing when the API does not answer', async () => {
    const production = modeArrivingLater('production');
    const first = render(<TestShopNotice />);
    await production.release();
    expect(production.calls).toHaveLength(1);
    expect(first.container.innerHTML).toBe('');
    first.unmount();

    resetShopModeForTest();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
    const second = render(<TestShopNotice />);
    await act(async () => {});
    expect(second.container.innerHTML).toBe('');
  });

  it('asks the API once per page, however often it is rendered', async () => {
    const { calls, release } = modeArrivingLater('development');
    render(
      <>
        <TestShopNotice />
        <TestShopNotice />
      </>,
    );
    await release();
    expect(await screen.findAllByTestId('test-shop-notice')).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });
});
