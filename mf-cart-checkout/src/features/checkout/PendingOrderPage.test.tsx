import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useCartStore, type CartItem } from '@shop/shared';
import { rememberSubmittedCart } from './submittedCart.ts';
import { apiError, courseFixture, courseItem, fakeApi, renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';
import { orderKeyOf } from './orderKeys.ts';

beforeAll(startI18n);
afterEach(() => {
  cleanup();
  useCartStore.getState().clear();
  localStorage.clear();
});

const link = '/checkout-pending?order=100001&email=ana%40example.org&key=mail-key';
const waiting = {
  body: {
    result: {
      incrementId: '100001',
      state: 'pending',
      paymentStatus: 'pending',
      holdActive: true,
      totalPrice: 578,
      paymentLink: 'https://pay.example/p/1',
    },
  },
};
const location = () => screen.getByTestId('location').textContent;

describe('/checkout-pending (the order-received mail’s link)', () => {
  it('offers continue or change with the key from the mail, which leaves the address bar; change releases', async () => {
    const calls = fakeApi({
      'POST /api/orders/100001/state': waiting,
      'POST /api/orders/100001/release': {
        body: { result: { ...waiting.body.result, state: 'failed', holdActive: false, paymentLink: undefined } },
      },
    });
    renderRoutes(routes, link);
    expect(await screen.findByRole('heading', { name: 'Ihre Bestellung 100001 wartet auf die Zahlung' })).toBeTruthy();
    expect(screen.getByText(/Zu zahlen: 578\s€/)).toBeTruthy();
    expect(location()).toBe('/checkout-pending?order=100001&email=ana%40example.org');
    expect(orderKeyOf('100001')).toBe('mail-key');
    expect(calls[0]).toMatchObject({ body: { email: 'ana@example.org', orderKey: 'mail-key' } });
    expect(screen.getByRole('button', { name: 'Zahlung fortsetzen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bestellung ändern' }));
    expect((await screen.findByTestId('pending-order-notice')).textContent).toBe(
      'Die Bestellung 100001 ist storniert und ihre Plätze sind freigegeben. Es wurde nichts abgebucht.',
    );
    expect(calls[1]).toMatchObject({ url: '/api/orders/100001/release', body: { orderKey: 'mail-key' } });
  });

  it('in the browser that placed the order, hands over to the checkout with its cart and form', async () => {
    const item = { id: 'c7', ...courseItem(courseFixture({ id: 7 }), 1) } as CartItem;
    rememberSubmittedCart({
      orderId: '100001',
      items: [item],
      discountCodes: [],
      email: 'ana@example.org',
      paymentLink: 'https://pay.example/p/1',
    });
    fakeApi({ 'POST /api/orders/100001/state': waiting });
    renderRoutes(routes, link);
    // The checkout's own choice, with the kept cart back in the cart.
    expect(await screen.findByRole('heading', { name: 'Ihre Bestellung 100001 wartet auf die Zahlung' })).toBeTruthy();
    expect(location()).toBe('/checkout');
    expect(useCartStore.getState().items).toHaveLength(1);
  });

  it('goes to the confirmation when paid, and says so when the order no longer waits or the link is wrong', async () => {
    fakeApi({ 'POST /api/orders/100001/state': { body: { result: { ...waiting.body.result, state: 'paid' } } } });
    renderRoutes(routes, link);
    await waitFor(() => expect(location()).toBe('/checkout-complete/100001/ana%40example.org'));
    cleanup();
    fakeApi({
      'POST /api/orders/100001/state': { body: { result: { ...waiting.body.result, holdActive: false } } },
    });
    renderRoutes(routes, link);
    expect((await screen.findByTestId('pending-order-notice')).textContent).toMatch(/wartet nicht mehr/);
    cleanup();
    fakeApi({ 'POST /api/orders/100001/state': apiError(404, 'NOT_FOUND') });
    renderRoutes(routes, link);
    expect((await screen.findByTestId('pending-order-notice')).textContent).toMatch(/ungültig oder unvollständig/);
  });
});
