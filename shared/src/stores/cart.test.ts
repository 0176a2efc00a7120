import { beforeEach, describe, expect, it } from 'vitest';
import { courseFixture, courseItem } from '../testing/fixtures.ts';
import { cartStorageKey, readStoredCart, selectCartCount, syncCartAcrossTabs, useCartStore } from './cart.ts';

const course = (id: number) => courseItem(courseFixture({ id }));

const stored = () =>
  JSON.parse(localStorage.getItem(cartStorageKey) ?? 'null') as {
    state: { items: unknown[]; timestamp: number };
  } | null;

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ items: [], discountCodes: [], timestamp: Date.now() });
});

describe('cart store', () => {
  it('adds items with a random id and persists them with a timestamp', () => {
    useCartStore.getState().addItem(course(1));
    const [line] = useCartStore.getState().items;
    expect(line?.id).toMatch(/.{8,}/);
    expect(stored()?.state.items).toHaveLength(1);
    expect(stored()?.state.timestamp).toBeGreaterThan(Date.now() - 1000);
  });

  it('adds the same course again as a higher quantity, capped at 5', () => {
    const { addItem } = useCartStore.getState();
    for (let i = 0; i < 7; i++) addItem(course(1));
    addItem(course(2));
    expect(useCartStore.getState().items.map((l) => l.quantity)).toEqual([5, 1]);
    expect(selectCartCount(useCartStore.getState())).toBe(6);
  });

  it('setQuantity caps at 5 and removes at 0 or below; decrement stops at 1', () => {
    useCartStore.getState().addItem(course(1));
    const id = useCartStore.getState().items[0]!.id;
    useCartStore.getState().setQuantity(id, 9);
    expect(useCartStore.getState().items[0]!.quantity).toBe(5);
    useCartStore.getState().setQuantity(id, 1);
    useCartStore.getState().decrement(id);
    expect(useCartStore.getState().items[0]!.quantity).toBe(1);
    useCartStore.getState().setQuantity(id, 0);
    expect(useCartStore.getState().items).toEqual([]);
  });

  it('clear empties the store and the storage', () => {
    useCartStore.getState().addItem(course(1));
    useCartStore.getState().clear();
    expect(useCartStore.getState().items).toEqual([]);
    expect(localStorage.getItem(cartStorageKey)).toBeNull();
  });

  it('drops a stored cart older than 24 hours, and anything that is not a valid cart', async () => {
    const day = 24 * 60 * 60 * 1000;
    const raw = (timestamp: number, items: unknown = [{ ...course(3), id: 'a' }]) =>
      JSON.stringify({ state: { items, timestamp }, version: 1 });
    expect(readStoredCart(raw(Date.now() - day + 60_000))?.items).toHaveLength(1);
    expect(readStoredCart(raw(Date.now() - day - 1))).toBeNull();
    expect(readStoredCart(raw(Date.now(), 'not a list'))).toBeNull();
    expect(readStoredCart('{broken')).toBeNull();

    localStorage.setItem(cartStorageKey, raw(Date.now() - 2 * day));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items).toEqual([]);
    expect(localStorage.getItem(cartStorageKey)).toBeNull();
  });

  it('follows writes of other tabs through storage events', async () => {
    const stop = syncCartAcrossTabs(window);
    const otherTab = JSON.stringify({
      state: { items: [{ ...course(4), id: 'other' }], timestamp: Date.now() },
      version: 1,
    });
    localStorage.setItem(cartStorageKey, otherTab);
    window.dispatchEvent(new StorageEvent('storage', { key: cartStorageKey, newValue: otherTab }));
    await Promise.resolve();
    expect(useCartStore.getState().items.map((l) => l.id)).toEqual(['other']);

    localStorage.removeItem(cartStorageKey);
    window.dispatchEvent(new StorageEvent('storage', { key: cartStorageKey, newValue: null }));
    expect(useCartStore.getState().items).toEqual([]);
    stop();
  });

  it('keeps discount codes with the cart: stored, restored on load, followed across tabs, cleared with it', async () => {
    useCartStore.getState().addItem(course(1));
    useCartStore.getState().setDiscountCodes(['WILLKOMMEN10']);
    expect(readStoredCart(localStorage.getItem(cartStorageKey))?.discountCodes).toEqual(['WILLKOMMEN10']);

    // A reload: the store starts empty and reads the stored cart.
    const saved = localStorage.getItem(cartStorageKey)!;
    useCartStore.setState({ items: [], discountCodes: [] });
    localStorage.setItem(cartStorageKey, saved);
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().discountCodes).toEqual(['WILLKOMMEN10']);

    const stop = syncCartAcrossTabs(window);
    const otherTab = JSON.stringify({
      state: { items: [{ ...course(4), id: 'other' }], discountCodes: ['SOMMER25'], timestamp: Date.now() },
      version: 1,
    });
    localStorage.setItem(cartStorageKey, otherTab);
    window.dispatchEvent(new StorageEvent('storage', { key: cartStorageKey, newValue: otherTab }));
    await Promise.resolve();
    expect(useCartStore.getState().discountCodes).toEqual(['SOMMER25']);
    stop();

    useCartStore.getState().clear();
    expect(useCartStore.getState().discountCodes).toEqual([]);
  });

  it('keeps the items of a stored cart with codes it may not carry, and the first 10 codes that fit', async () => {
    useCartStore.getState().addItem(course(1));
    const codes = [...Array.from({ length: 11 }, (_, i) => `CODE${i + 1}`), 'X'.repeat(21)];
    const tooMany = JSON.stringify({
      state: { items: useCartStore.getState().items, discountCodes: ['X'.repeat(21), ...codes], timestamp: Date.now() },
      version: 1,
    });
    useCartStore.setState({ items: [], discountCodes: [] });
    localStorage.setItem(cartStorageKey, tooMany);
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items).toHaveLength(1);
    expect(useCartStore.getState().discountCodes).toEqual(codes.slice(0, 10));
    expect(localStorage.getItem(cartStorageKey)).not.toBeNull();
  });

  it('reads a cart stored before codes were kept as one without codes', () => {
    const old = JSON.stringify({ state: { items: [], timestamp: Date.now() }, version: 1 });
    expect(readStoredCart(old)?.discountCodes).toEqual([]);
  });

  it('adding a package replaces any package; other lines stay', () => {
    const pkg = (amount: number) => ({
      itemType: 'package' as const,
      quantity: 1,
      packageType: 'conversation_hours' as const,
      amount,
      packageDetails: {
        title: `${amount} Stunden`,
        type: 'conversation_hours' as const,
        price: 115,
        discountedPrice: null,
        description: '',
      },
    });
    useCartStore.getState().addItem(course(1));
    useCartStore.getState().addPackage(pkg(5));
    useCartStore.getState().addPackage(pkg(10));
    expect(useCartStore.getState().items.map((l) => (l.itemType === 'package' ? l.amount : l.itemType))).toEqual([
      'course',
      10,
    ]);
    expect(readStoredCart(localStorage.getItem(cartStorageKey))?.items).toHaveLength(2);
  });

  it('keeps two tabs in step: each storage event from the other tab brings its latest cart', async () => {
    const stop = syncCartAcrossTabs(window);
    const write = (ids: string[]) => {
      const value = JSON.stringify({
        state: { items: ids.map((id, i) => ({ ...course(10 + i), id })), timestamp: Date.now() },
        version: 1,
      });
      localStorage.setItem(cartStorageKey, value);
      window.dispatchEvent(new StorageEvent('storage', { key: cartStorageKey, newValue: value }));
    };
    write(['x']);
    await Promise.resolve();
    write(['x', 'y']);
    await Promise.resolve();
    expect(useCartStore.getState().items.map((l) => l.id)).toEqual(['x', 'y']);
    // Other keys are none of the cart's business.
    window.dispatchEvent(new StorageEvent('storage', { key: 'language', newValue: 'en' }));
    expect(useCartStore.getState().items.map((l) => l.id)).toEqual(['x', 'y']);
    stop();
  });
});
