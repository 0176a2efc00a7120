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
    // The server does not know the value: the local decoding is the fallback (docs/product-rules.md#cart).
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
    useCartStore.setState({ items: [{ ...productItem(), id: 'old' } as CartItem], timestamp: Date.now() });
    window.history.replaceState(null, '', `/courses?courseType=1&cartSync=${encodeCartSync(carried)}`);

    const adopted = readGlobalQueryParameters();
    expect(window.location.pathname + window.location.search).toBe('/courses?courseType=1');
    await expect(adopted).resolves.toBe(true);
    expect(useCartStore.getState().items).toEqual(carried);
  });
});
