import { beforeEach, describe, expect, it } from 'vitest';
import { courseFixture, courseItem, productItem } from '../testing/fixtures.ts';
import { dataLayer, lastEventStorageKey, pushDeduplicated } from './dataLayer.ts';
import { addToCartEvent, trackAddToCart } from './ecommerce.ts';

const host = globalThis as { dataLayer?: unknown[] };

beforeEach(() => {
  localStorage.clear();
  delete host.dataLayer;
});

describe('add_to_cart event (docs/product-rules.md#api-calls)', () => {
  it('carries transaction id, value, EUR, items with id, name, category, price, quantity, discount, and coupons', () => {
    const discounted = courseFixture({
      id: 9,
      type: 3,
      price: 25,
      discountedPrice: 20,
      titles: [{ language: 'de', description: 'Konversationsstunde B1' }],
    });
    const event = addToCartEvent([courseItem(discounted, 2), productItem()], {
      transactionId: 't-1',
      coupons: ['WILLKOMMEN10', 'SOMMER25'],
    });
    expect(event).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        transaction_id: 't-1',
        value: 389,
        currency: 'EUR',
        coupon: 'WILLKOMMEN10,SOMMER25',
        items: [
          {
            item_id: 'course_9',
            item_name: 'Konversationsstunde B1',
            item_category: 'conversation_hours',
            price: 20,
            quantity: 2,
            discount: 5,
          },
          {
            item_id: 'product_3',
            item_name: 'DELE B2 Prüfungsvorbereitung',
            item_category: 'product',
            price: 349,
            quantity: 1,
            discount: 30,
          },
        ],
      },
    });
  });

  it('names items in German whatever the page language, and has an empty coupon without codes', () => {
    const event = addToCartEvent([courseItem()], { transactionId: 't-2' });
    expect(event.ecommerce.items[0]).toMatchObject({
      item_name: 'Spanisch A1 – Abendkurs',
      item_category: 'full_course',
      discount: 0,
    });
    expect(event.ecommerce.coupon).toBe('');
  });

  it('is pushed to window.dataLayer after clearing the previous ecommerce object', () => {
    expect(trackAddToCart([courseItem()], { transactionId: 't-3' })).toBe(true);
    expect(host.dataLayer).toEqual([{ ecommerce: null }, expect.objectContaining({ event: 'add_to_cart' })]);
  });
});

describe('deduplication through the last event in localStorage', () => {
  it('drops the very same event pushed again, also after a reload (a fresh dataLayer)', () => {
    expect(trackAddToCart([courseItem()], { transactionId: 't-4' })).toBe(true);
    expect(trackAddToCart([courseItem()], { transactionId: 't-4' })).toBe(false);
    delete host.dataLayer;
    expect(trackAddToCart([courseItem()], { transactionId: 't-4' })).toBe(false);
    expect(dataLayer()).toEqual([]);
    expect(JSON.parse(localStorage.getItem(lastEventStorageKey)!)).toMatchObject({
      event: 'add_to_cart',
      ecommerce: { transaction_id: 't-4' },
    });
  });

  it('pushes a new action (new transaction id) even with the same items', () => {
    trackAddToCart([courseItem()], { transactionId: 't-5' });
    expect(trackAddToCart([courseItem()], { transactionId: 't-6' })).toBe(true);
    expect(dataLayer().filter((e) => e.event === 'add_to_cart')).toHaveLength(2);
  });

  it('still pushes when localStorage fails (failures are only logged)', () => {
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new Error('quota');
    };
    try {
      expect(pushDeduplicated({ event: 'x' })).toBe(true);
      expect(dataLayer()).toEqual([{ event: 'x' }]);
    } finally {
      Storage.prototype.setItem = original;
    }
  });
});
