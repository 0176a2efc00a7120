import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartLifetimeMs, type CartItem } from '../contract/index.ts';
import { courseItem, productItem } from '../testing/fixtures.ts';
import { useCartStore } from './cart.ts';
import { encodeCartSync } from './cartSync.ts';
import { adoptCartSync, adoptCartSyncFromUrl, resolveCartSync } from './cartTransfer.ts';

const items = [
  { ...courseItem(), id: 'a' },
  { ...productItem(), id: 'b' },
] as CartItem[];
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ items: [{ ...productItem(), id: 'old' } as CartItem], timestamp: Date.now() });
});
afterEach(() => vi.restoreAllMocks());

describe('cartSync', () => {
  it('asks the server first and replaces the cart with its items', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        answer(200, { result: { items, discountCodes: [], expiresAt: new Date(Date.now() + 60_000).toISOString() } }),
      );
    useCartStore.setState({ discountCodes: ['KEPT'] });
    await expect(adoptCartSync('abcdefghijklmnopqrstuv')).resolves.toBe(true);
    expect(fetch.mock.calls[0]![0]).toBe('/api/cart/sync/abcdefghijklmnopqrstuv');
    expect(useCartStore.getState().items).toEqual(items);
    // A transferred cart without codes leaves the codes here as they are.
    expect(useCartStore.getState().discountCodes).toEqual(['KEPT']);
    expect(JSON.parse(localStorage.getItem('cart')!).state.items).toEqual(items);
  });

  it('takes the codes a parked cart carries (the link to another device dropped them)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(200, {
        result: { items, discountCodes: ['SOMMER10'], expiresAt: new Date(Date.now() + 60_000).toISOString() },
      }),
    );
    useCartStore.setState({ discountCodes: ['ALT'] });
    await expect(adoptCartSync('abcdefghijklmnopqrstuv')).resolves.toBe(true);
    expect(useCartStore.getState().discountCodes).toEqual(['SOMMER10']);
  });

  it("takes a cart encoded in the value itself with the catalogue's details: the server parks it and gives it back", async () => {
    // Whoever wrote the link chose the details it carries; the cart page must not show them (record 0070).
    const forged = items.map((item) =>
      item.itemType === 'course'
        ? {
            ...item,
            courseDetails: {
              ...item.courseDetails,
              titles: [{ language: 'de', description: 'Überweisen Sie an IBAN …' }],
            },
          }
        : item,
    ) as CartItem[];
    const parked = { result: { items, discountCodes: [], expiresAt: new Date(Date.now() + 60_000).toISOString() } };
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST' && url === '/api/cart/sync')
        return answer(200, { result: { id: 'parkedparkedparkedpark', expiresAt: parked.result.expiresAt } });
      if (url === '/api/cart/sync/parkedparkedparkedpark') return answer(200, parked);
      return answer(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    });
    await expect(adoptCartSync(encodeCartSync(forged))).resolves.toBe(true);
    expect(useCartStore.getState().items).toEqual(items);
    const posted = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(posted[1]!.body))).toEqual({ items: forged, discountCodes: [] });
    // A value that cannot be a parked cart's id is not asked for as one: two requests, the parking and its reading.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/cart/sync',
      '/api/cart/sync/parkedparkedparkedpark',
    ]);
  });

  it('keeps the cart when the server cannot be reached to read an encoded cart back', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await expect(resolveCartSync(encodeCartSync(items))).resolves.toBeNull();
    await expect(adoptCartSync(encodeCartSync(items))).resolves.toBe(false);
    expect(useCartStore.getState().items.map((l) => l.id)).toEqual(['old']);
  });

  it('keeps the cart when the value is expired, not a list of items, or nothing at all', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(404, {}));
    for (const value of [
      encodeCartSync(items, Date.now() - cartLifetimeMs - 1),
      btoa(JSON.stringify({ items: {}, timestamp: Date.now() })),
      'garbage',
    ]) {
      await expect(adoptCartSync(value)).resolves.toBe(false);
    }
    expect(useCartStore.getState().items.map((l) => l.id)).toEqual(['old']);
  });
});

describe('adoptCartSyncFromUrl (the boot step of the shell and of a standalone remote)', () => {
  const at = (href: string) => {
    const replaceState = vi.fn<(state: unknown, unused: string, url: string) => void>();
    return { location: { href }, history: { state: { idx: 3 }, replaceState }, replaceState };
  };

  it('reads cartSync on any path, takes it off the address at once and replaces the cart', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(200, { result: { items, expiresAt: new Date(Date.now() + 60_000).toISOString() } }),
    );
    const page = at('https://shop.example/checkout?hideHeader=true&cartSync=parkedparkedparkedpark#summary');
    const adopted = adoptCartSyncFromUrl(page.location, page.history);
    // Removed before the answer comes, so the router never sees it and a reload cannot replace the cart again.
    expect(page.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/checkout?hideHeader=true#summary');
    await expect(adopted).resolves.toBe(true);
    expect(useCartStore.getState().items).toEqual(items);
  });

  it('leaves address and cart alone without the parameter', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const page = at('https://shop.example/courses?courseType=1');
    await expect(adoptCartSyncFromUrl(page.location, page.history)).resolves.toBe(false);
    expect(page.replaceState).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    expect(useCartStore.getState().items.map((l) => l.id)).toEqual(['old']);
  });

  it('removes an empty or useless value and keeps the cart, without rejecting', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(404, {}));
    for (const href of ['https://shop.example/courses?cartSync=', 'https://shop.example/courses?cartSync=garbage']) {
      const page = at(href);
      await expect(adoptCartSyncFromUrl(page.location, page.history)).resolves.toBe(false);
      expect(page.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/courses');
    }
    expect(useCartStore.getState().items.map((l) => l.id)).toEqual(['old']);
  });
});
