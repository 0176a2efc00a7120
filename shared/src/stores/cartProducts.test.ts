import { beforeEach, describe, expect, it } from 'vitest';
import { courseFixture, courseItem, productFixture, productItem } from '../testing/fixtures.ts';
import { cartItemKey, readStoredCart, useCartStore } from './cart.ts';

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ items: [], timestamp: Date.now() });
});

describe('products in the cart', () => {
  it('keeps products and courses with the same id apart, and the same product again is one line', () => {
    const { addItem } = useCartStore.getState();
    addItem(productItem(productFixture({ id: 7 })));
    addItem(courseItem(courseFixture({ id: 7 })));
    addItem(productItem(productFixture({ id: 7 })));
    expect(useCartStore.getState().items.map((line) => [cartItemKey(line), line.quantity])).toEqual([
      ['product_7', 2],
      ['course_7', 1],
    ]);
  });

  it('persists product lines so that a reload reads them back', () => {
    useCartStore.getState().addItem(productItem());
    expect(readStoredCart(localStorage.getItem('cart'))?.items[0]).toMatchObject({ itemType: 'product', productId: 3 });
  });
});
