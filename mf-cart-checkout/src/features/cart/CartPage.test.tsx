import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useCartStore, type CartItem } from '@shop/shared';
import { useCartNotificationStore } from '../pricing/cartNotifications.ts';
import { useCartPriceStore } from '../pricing/cartPrice.ts';
import { courseFixture, courseItem, fakeApi, renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';

beforeAll(startI18n);
afterEach(() => {
  cleanup();
  useCartStore.getState().clear();
  useCartPriceStore.setState({ priceResult: null, status: 'idle' });
  useCartNotificationStore.setState({ notifications: [] });
  localStorage.clear();
});

const course: CartItem = { id: 'c7', ...courseItem(courseFixture({ id: 7 }), 1) };
const result = (quantityAdjustments: unknown[]) => ({
  items: [],
  subtotal: 0,
  totalPrice: 0,
  paymentMethods: [],
  discountCodesProvided: [],
  discountsApplied: [],
  quantityAdjustments,
});

describe('/cart', () => {
  it('a line the server removes while its button has the focus hands the focus to the notice saying why (WCAG 2.4.3)', async () => {
    useCartStore.getState().replaceItems([course]);
    fakeApi({
      'POST /api/cart/calculate-price': [
        { body: { result: result([]) } },
        {
          body: {
            result: result([
              {
                itemType: 'course',
                itemId: 7,
                reason: 'COURSE_FULLY_BOOKED',
                adjustedQuantity: 0,
                requestedQuantity: 2,
              },
            ]),
          },
        },
        { body: { result: result([]) } },
      ],
      'GET /api/course/price-config': { body: { result: [] } },
    });
    renderRoutes(routes, '/cart');
    await waitFor(() => expect(useCartPriceStore.getState().status).toBe('ready'), { timeout: 3000 });
    const increase = screen.getByRole('button', { name: /erhöhen$/ });
    increase.focus();
    fireEvent.click(increase);

    const notice = await screen.findByTestId('adjustment-notice', undefined, { timeout: 3000 });
    expect(screen.queryAllByTestId('cart-line')).toHaveLength(0);
    expect(notice.contains(document.activeElement)).toBe(true);
  });

  it('says that a line was removed in a polite live region, as it says a changed quantity (WCAG 4.1.3)', async () => {
    const named = (id: number, title: string): CartItem => ({
      id: `c${id}`,
      ...courseItem(courseFixture({ id, titles: [{ language: 'de', description: title }] }), 1),
    });
    useCartStore.getState().replaceItems([named(1, 'Kurs A'), named(2, 'Kurs B')]);
    fakeApi({
      'POST /api/cart/calculate-price': { body: { result: result([]) } },
      'GET /api/course/price-config': { body: { result: [] } },
    });
    renderRoutes(routes, '/cart');
    const region = screen.getByTestId('cart-removal-announcement');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Kurs A aus dem Warenkorb entfernen' }));
    expect(region.textContent).toBe('„Kurs A“ wurde aus dem Warenkorb entfernt.');
    // The region stays in place for the last line too, when the empty cart replaces the list.
    fireEvent.click(screen.getByRole('button', { name: 'Kurs B aus dem Warenkorb entfernen' }));
    expect(screen.getByTestId('cart-removal-announcement')).toBe(region);
    expect(region.textContent).toBe('„Kurs B“ wurde aus dem Warenkorb entfernt.');
  });
});
