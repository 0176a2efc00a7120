import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../contract/index.ts';
import { useCartStore } from '../stores/cart.ts';
import { encodeCartSync } from '../stores/cartSync.ts';
import { productItem } from '../testing/fixtures.ts';
import { renderStandalone } from './index.tsx';

// What the routes see of the address.
function Search() {
  return <p>search: {useLocation().search}</p>;
}

const carried = [{ ...productItem(), id: 'carried' }] as CartItem[];

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('renderStandalone', () => {
  it('reads the global cartSync parameter on any path and removes it before the routes see it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The value is a cart itself: the server parks it and gives it back with the catalogue's details (record 0070,
    // since 8c554bf); the translations fail, the bundled texts remain.
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST' && url === '/api/cart/sync')
        return Response.json({ result: { id: 'parkedparkedparkedpark', expiresAt } });
      if (url === '/api/cart/sync/parkedparkedparkedpark')
        return Response.json({ result: { items: carried, expiresAt } });
      return new Response('{}', { status: 404 });
    });
    useCartStore.setState({ items: [{ ...productItem(), id: 'old' } as CartItem], timestamp: Date.now() });
    window.history.replaceState(null, '', `/checkout?cartSync=${encodeCartSync(carried)}&hideFooter=true`);
    const root = document.createElement('div');
    document.body.append(root);

    await renderStandalone([{ path: '/checkout', element: <Search /> }], root);

    expect(await screen.findByText('search: ?hideFooter=true')).toBeTruthy();
    await vi.waitFor(() => expect(useCartStore.getState().items).toEqual(carried));
  });
});
