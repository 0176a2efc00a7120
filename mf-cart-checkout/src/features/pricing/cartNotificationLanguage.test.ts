import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, useCartStore, type CartItem, type PriceResult } from '@shop/shared';
import { courseItem, startI18n } from '@shop/shared/testing';
import { useCartNotificationStore } from './cartNotifications.ts';
import { applyQuantityAdjustments } from './cartPricing.ts';

beforeAll(startI18n);
afterAll(() => i18n.changeLanguage('de'));

describe('a quantity-adjustment notice and the language', () => {
  it('names the course in the language switched to while the notice is shown', async () => {
    useCartStore.setState({ items: [], timestamp: Date.now() });
    useCartStore.getState().addItem(courseItem(undefined, 3));
    const line = useCartStore.getState().items[0] as Extract<CartItem, { itemType: 'course' }>;
    const result = {
      items: [],
      subtotal: 0,
      totalPrice: 0,
      paymentMethods: [],
      discountCodesProvided: [],
      discountsApplied: [],
      quantityAdjustments: [
        {
          itemType: 'course',
          itemId: line.courseId,
          reason: 'COURSE_FULLY_BOOKED',
          adjustedQuantity: 0,
          requestedQuantity: 3,
        },
      ],
    } as PriceResult;
    applyQuantityAdjustments(result, 'de');
    // The line is gone (0 places); its notice stays for 10 s and names it.
    expect(useCartStore.getState().items).toEqual([]);
    expect(useCartNotificationStore.getState().notifications.map((n) => n.courseName)).toEqual([
      'Spanisch A1 – Abendkurs',
    ]);

    await i18n.changeLanguage('en');
    // The notice's sentence is in English now; the course it names must not stay German in it.
    expect(useCartNotificationStore.getState().notifications.map((n) => n.courseName)).toEqual([
      'Spanish A1 – Evening course',
    ]);
  });
});
