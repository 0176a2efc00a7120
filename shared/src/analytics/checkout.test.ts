import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewCartItem } from '../stores/cart.ts';
import { courseItem, productItem } from '../testing/fixtures.ts';
import { startI18n } from '../testing/index.tsx';
import { dataLayer } from './dataLayer.ts';
import { firePendingPurchase, pendingPurchaseStorageKey, recordPurchase, trackBeginCheckout } from './ecommerce.ts';

const host = globalThis as { dataLayer?: unknown[] };

beforeAll(startI18n);

beforeEach(() => {
  localStorage.clear();
  delete host.dataLayer;
});

const packageItem = {
  itemType: 'package',
  quantity: 1,
  packageType: 'conversation_hours',
  amount: 10,
  packageDetails: {
    // Stored in the language it was chosen in; analytics names it in German all the same.
    title: '10 horas de conversación',
    type: 'conversation_hours',
    price: 250,
    discountedPrice: 220,
    description: '',
  },
} as unknown as NewCartItem;

describe('begin_checkout (docs/product-rules.md#states, #api-calls)', () => {
  it('carries the server total, EUR, the items (packages with sku) and the coupons; pushed once per checkout', () => {
    expect(
      trackBeginCheckout([courseItem(), packageItem], {
        transactionId: 'checkout-1',
        value: 479,
        coupons: ['SOMMER25'],
      }),
    ).toBe(true);
    expect(
      trackBeginCheckout([courseItem(), packageItem], {
        transactionId: 'checkout-1',
        value: 479,
        coupons: ['SOMMER25'],
      }),
    ).toBe(false);
    const events = dataLayer().filter((entry) => entry.event === 'begin_checkout');
    expect(events).toEqual([
      {
        event: 'begin_checkout',
        ecommerce: {
          transaction_id: 'checkout-1',
          value: 479,
          currency: 'EUR',
          coupon: 'SOMMER25',
          items: [
            {
              item_id: 'course_7',
              item_name: 'Spanisch A1 – Abendkurs',
              item_category: 'full_course',
              price: 289,
              quantity: 1,
              discount: 0,
            },
            {
              item_id: 'package_conversation_hours_10',
              item_name: '10 Konversationsstunden',
              item_category: 'package_conversation_hours',
              sku: 'conversation_hours_10',
              price: 220,
              quantity: 1,
              discount: 30,
            },
          ],
        },
      },
    ]);
  });
});

describe('purchase (docs/product-rules.md#states checkout submit step 4, #screens confirmation page)', () => {
  it('is stored at submit and fired once by the confirmation page of that order only', () => {
    const event = recordPurchase([productItem()], { transactionId: '100023', value: 349 });
    expect(event).toMatchObject({
      event: 'purchase',
      ecommerce: { transaction_id: '100023', value: 349, currency: 'EUR', coupon: '' },
    });
    expect(dataLayer()).toEqual([]);
    expect(JSON.parse(localStorage.getItem(pendingPurchaseStorageKey)!)).toEqual(event);

    expect(firePendingPurchase('100024')).toBe(false);
    expect(firePendingPurchase('100023')).toBe(true);
    expect(dataLayer()).toEqual([{ ecommerce: null }, event]);
    expect(localStorage.getItem(pendingPurchaseStorageKey)).toBeNull();
    // A reload of the confirmation page does not count the purchase again.
    expect(firePendingPurchase('100023')).toBe(false);
  });

  it('ignores a broken stored value', () => {
    localStorage.setItem(pendingPurchaseStorageKey, '{oops');
    expect(firePendingPurchase('1')).toBe(false);
  });
});
