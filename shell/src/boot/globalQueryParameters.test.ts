import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeCartSync, useCartStore, type CartItem } from '@shop/shared';
import { productItem } from '@shop/shared/testing';
import { readGlobalQueryParameters } from './globalQueryParameters.ts';

const carried = [{ ...productItem(), id: 'carried' }] as CartItem[];

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('readGlobalQueryParameters (shell boot)', () => {
  it('adopts a cartSync cart on any path and leaves the other parameters in the address', async () => {
    // The value is no parked cart's id but a cart itself: the server parks it and gives it back with the catalogue's
    // details (docs/decisions/0070-parked-carts-read-from-the-catalogue.md, since 8c554bf).
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
    window.history.replaceState(null, '', `/courses?courseType=1&cartSync=${encodeCartSync(carried)}`);

    const adopted = readGlobalQueryParameters();
    expect(window.location.pathname + window.location.search).toBe('/courses?courseType=1');
    await expect(adopted).resolves.toBe(true);
    expect(useCartStore.getState().items).toEqual(carried);
  });
});
