import { beforeEach, describe, expect, it } from 'vitest';
import { cartLifetimeMs, useCartStore, type CartItem } from '@shop/shared';
import { courseFixture, courseItem, productItem } from '@shop/shared/testing';
import {
  forgetSubmittedCart,
  mergeSubmittedItems,
  readSubmittedCart,
  rememberSubmittedCart,
  restoreSubmittedCart,
  submittedCartStorageKey,
  takeBackWaitingCart,
} from './submittedCart.ts';

const line = (id: string, item: ReturnType<typeof courseItem>): CartItem => ({ ...item, id }) as CartItem;
const course = (courseId: number, quantity: number, id = `c${courseId}`) =>
  line(id, courseItem(courseFixture({ id: courseId }), quantity));
const pkg = (amount: number, id = `p${amount}`): CartItem => ({
  id,
  itemType: 'package',
  quantity: 1,
  packageType: 'conversation_hours',
  amount,
  packageDetails: {
    title: `${amount} Stunden`,
    type: 'conversation_hours',
    price: amount * 20,
    discountedPrice: null,
    description: '',
  },
});

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ items: [], timestamp: Date.now() });
  useCartStore.setState({ discountCodes: [] });
});

describe('submitted cart', () => {
  it('keeps the submitted cart with its order number in localStorage', () => {
    rememberSubmittedCart({ orderId: '100042', items: [course(1, 2)], discountCodes: ['SOMMER25'] });
    expect(JSON.parse(localStorage.getItem(submittedCartStorageKey)!)).toMatchObject({
      orderId: '100042',
      discountCodes: ['SOMMER25'],
    });
    expect(readSubmittedCart()).toMatchObject({ orderId: '100042', items: [{ courseId: 1, quantity: 2 }] });
  });

  it('a newer submit replaces the earlier one', () => {
    rememberSubmittedCart({ orderId: '1', items: [course(1, 1)], discountCodes: [] });
    rememberSubmittedCart({ orderId: '2', items: [course(2, 1)], discountCodes: [] });
    expect(readSubmittedCart()?.orderId).toBe('2');
  });

  it('counts a malformed or expired entry as none', () => {
    localStorage.setItem(submittedCartStorageKey, '{not json');
    expect(readSubmittedCart()).toBeNull();
    localStorage.setItem(submittedCartStorageKey, JSON.stringify({ orderId: 1, items: 'x' }));
    expect(readSubmittedCart()).toBeNull();
    const then = Date.now() - cartLifetimeMs - 1;
    rememberSubmittedCart({ orderId: '7', items: [course(1, 1)], discountCodes: [] }, then);
    expect(readSubmittedCart()).toBeNull();
    expect(restoreSubmittedCart('7')).toBe(false);
  });

  it('restores items and discount codes after a failed payment, once, and only for its own order', () => {
    rememberSubmittedCart({
      orderId: '100042',
      items: [course(1, 2), line('p', productItem())],
      discountCodes: ['SOMMER25', 'WILLKOMMEN'],
    });
    expect(restoreSubmittedCart('100041')).toBe(false);
    expect(useCartStore.getState().items).toEqual([]);

    expect(restoreSubmittedCart('100042')).toBe(true);
    expect(useCartStore.getState().items.map((l) => [l.itemType, l.quantity])).toEqual([
      ['course', 2],
      ['product', 1],
    ]);
    expect(useCartStore.getState().discountCodes).toEqual(['SOMMER25', 'WILLKOMMEN']);
    // The cart store persisted them (other tabs and a reload see the cart); the kept copy is gone.
    expect(JSON.parse(localStorage.getItem('cart')!).state.items).toHaveLength(2);
    expect(localStorage.getItem(submittedCartStorageKey)).toBeNull();
    expect(restoreSubmittedCart('100042')).toBe(false);
    expect(useCartStore.getState().items).toHaveLength(2);
  });

  it('merges with a cart filled in the meantime instead of replacing it, and keeps codes already entered', () => {
    useCartStore.setState({ items: [course(1, 1, 'now-1'), course(3, 1, 'now-3')] });
    useCartStore.setState({ discountCodes: ['SOMMER25'] });
    rememberSubmittedCart({
      orderId: '9',
      items: [course(1, 3, 'now-1'), course(2, 2, 'now-3')],
      discountCodes: ['SOMMER25', 'HERBST'],
    });
    restoreSubmittedCart('9');
    const items = useCartStore.getState().items;
    expect(items.map((l) => [l.itemType === 'course' ? l.courseId : 0, l.quantity])).toEqual([
      [1, 3],
      [3, 1],
      [2, 2],
    ]);
    // A submitted line whose id is taken by another line gets a fresh one.
    expect(new Set(items.map((l) => l.id)).size).toBe(3);
    expect(useCartStore.getState().discountCodes).toEqual(['SOMMER25', 'HERBST']);
  });

  it('merge: the larger quantity wins for a thing in both; a package only comes back into a cart without one', () => {
    expect(mergeSubmittedItems([course(1, 4)], [course(1, 2)]).map((l) => l.quantity)).toEqual([4]);
    expect(mergeSubmittedItems([pkg(10)], [pkg(5), course(1, 1)]).map((l) => l.id)).toEqual(['p10', 'c1']);
    expect(mergeSubmittedItems([course(1, 1)], [pkg(5)]).map((l) => l.id)).toEqual(['c1', 'p5']);
    expect(mergeSubmittedItems([], [course(1, 2)])).toEqual([course(1, 2)]);
  });

  it('a paid order forgets its cart; another order leaves it alone', () => {
    rememberSubmittedCart({ orderId: '5', items: [course(1, 1)], discountCodes: [] });
    forgetSubmittedCart('4');
    expect(readSubmittedCart()?.orderId).toBe('5');
    forgetSubmittedCart('5');
    expect(readSubmittedCart()).toBeNull();
    expect(restoreSubmittedCart('5')).toBe(false);
  });
});

describe('a waiting order’s cart after the buyer left the payment page', () => {
  it('comes back into an empty cart with its codes, and stays kept; a second ask in the same page knows it did that', () => {
    useCartStore.getState().clear();
    rememberSubmittedCart({
      orderId: '100007',
      items: [course(7, 1)],
      discountCodes: [],
      email: 'ana@example.org',
      paymentLink: 'https://pay.example/p/1',
    });
    expect(takeBackWaitingCart()).toMatchObject({ waiting: { orderId: '100007' }, restored: true });
    expect(useCartStore.getState().items).toMatchObject([{ courseId: 7 }]);
    expect(readSubmittedCart()?.orderId).toBe('100007');
    expect(takeBackWaitingCart()?.restored).toBe(true);
  });

  it('leaves a cart with something in it alone, and ignores a kept cart without a payment link', () => {
    useCartStore.getState().clear();
    rememberSubmittedCart({ orderId: '100008', items: [course(7, 1)], discountCodes: [] });
    expect(takeBackWaitingCart()).toBeNull();
    expect(useCartStore.getState().items).toEqual([]);
    useCartStore.getState().replaceItems([course(8, 1, 'other')]);
    rememberSubmittedCart({
      orderId: '100009',
      items: [course(7, 1)],
      discountCodes: [],
      email: 'ana@example.org',
      paymentLink: 'https://pay.example/p/2',
    });
    expect(takeBackWaitingCart()).toMatchObject({ restored: false });
    expect(useCartStore.getState().items).toHaveLength(1);
  });
});
