import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dataLayer, pendingPurchaseStorageKey, recordPurchase, type CartItem } from '@shop/shared';
import { readSubmittedCart, rememberSubmittedCart } from './submittedCart.ts';
import { apiError, courseFixture, courseItem, fakeApi, renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';
import { rememberOrderKey } from './orderKeys.ts';

beforeAll(startI18n);
afterEach(() => {
  cleanup();
  dataLayer().length = 0;
  localStorage.clear();
});

const stateUrl = 'POST /api/orders/100001/state';
const orderState = (state: 'paid' | 'pending' | 'failed', paymentStatus: string | null) => ({
  body: { result: { incrementId: '100001', state, paymentStatus, holdActive: state === 'pending', totalPrice: 578 } },
});
const item: CartItem = { id: 'c7', ...courseItem(courseFixture({ id: 7 }), 1) } as CartItem;
const purchases = () => dataLayer().filter((entry) => entry.event === 'purchase');

describe('/checkout-complete/{orderId}/{email}', () => {
  it('confirms a paid order the server knows with this address, fires its purchase once and forgets its cart', async () => {
    recordPurchase([item], { transactionId: '100001', coupons: [], value: 289 });
    rememberSubmittedCart({ orderId: '100001', items: [item], discountCodes: [] });
    const calls = fakeApi({ [stateUrl]: orderState('paid', 'paid') });
    const { unmount } = renderRoutes(routes, '/checkout-complete/100001/ana%40example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeTruthy();
    expect(
      screen.getByText('Ihre Bestellung 100001 ist eingegangen. Die Bestätigung geht an ana@example.org.'),
    ).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: '/api/orders/100001/state', body: { email: 'ana@example.org' } });
    await waitFor(() => expect(purchases()).toHaveLength(1));
    expect(localStorage.getItem(pendingPurchaseStorageKey)).toBeNull();
    expect(readSubmittedCart()).toBeNull();
    // A reload of the confirmation fires nothing again.
    unmount();
    renderRoutes(routes, '/checkout-complete/100001/ana%40example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeTruthy();
    expect(purchases()).toHaveLength(1);
  });

  it('lists the booked courses with their dates, times and participants', async () => {
    const course = {
      id: 7,
      type: 1,
      identifier: 'K-7',
      titles: [{ language: 'de', description: 'Spanisch A1 abends' }],
      startDate: '2026-12-08',
      startTime: '18:30',
      endDate: '2026-12-17',
      endTime: '20:00',
      weekdays: [1, 3],
    };
    const participants = [
      { firstname: 'Ana', lastname: 'García' },
      { firstname: 'Max', lastname: 'Muster' },
    ];
    const paid = orderState('paid', 'paid');
    fakeApi({ [stateUrl]: { body: { result: { ...paid.body.result, bookings: [{ course, participants }] } } } });
    renderRoutes(routes, '/checkout-complete/100001/ana%40example.org');
    const section = await screen.findByTestId('order-bookings');
    expect(section.querySelector('h2')?.textContent).toBe('Ihre Termine');
    expect(section.querySelector('h3')?.textContent).toBe('Spanisch A1 abends');
    expect(section.textContent).toContain(
      '4 Termine, dienstags und donnerstags 18:30–20:00 Uhr, 08.12.2026 – 17.12.2026',
    );
    expect(section.textContent).toContain('Teilnehmende: Ana García, Max Muster');
  });

  it('asks with the order key this browser was given at submit, and without one when it has none', async () => {
    const calls = fakeApi({ [stateUrl]: orderState('paid', 'paid') });
    renderRoutes(routes, '/checkout-complete/100001/ana%40example.org');
    await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' });
    expect(calls[0]!.body).toEqual({ email: 'ana@example.org' });
    cleanup();

    rememberOrderKey('100002', 'key-of-another-order');
    rememberOrderKey('100001', 'key-100001');
    const again = fakeApi({ [stateUrl]: orderState('paid', 'paid') });
    renderRoutes(routes, '/checkout-complete/100001/ana%40example.org');
    await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' });
    expect(again[0]!.body).toEqual({ email: 'ana@example.org', orderKey: 'key-100001' });
  });

  it('a free order (nothing to pay) is confirmed as paid without a payment', async () => {
    fakeApi({ [stateUrl]: orderState('paid', null) });
    renderRoutes(routes, '/checkout-complete/100001/ana%40example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeTruthy();
  });

  it('an unknown number or a wrong address: "order not found" with the contact link, no confirmation, no purchase', async () => {
    recordPurchase([item], { transactionId: '100001', coupons: [], value: 289 });
    fakeApi({ [stateUrl]: apiError(404, 'NOT_FOUND') });
    renderRoutes(routes, '/checkout-complete/100001/ana%40example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung nicht gefunden' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(
      /Zu dieser Bestellnummer und E-Mail-Adresse finden wir keine Bestellung/,
    );
    expect(screen.getByRole('link', { name: 'Kontaktieren Sie uns' }).getAttribute('href')).toMatch(/kontakt$/);
    expect(screen.queryByText(/ist eingegangen/)).toBeNull();
    expect(purchases()).toHaveLength(0);
    expect(localStorage.getItem(pendingPurchaseStorageKey)).not.toBeNull();
  });

  it('checks before it shows anything', async () => {
    fakeApi({ [stateUrl]: () => new Promise<Response>(() => {}) });
    renderRoutes(routes, '/checkout-complete/100001/ana%40example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung wird geprüft' })).toBeTruthy();
    expect(screen.queryByText(/ist eingegangen/)).toBeNull();
  });

  for (const [state, paymentStatus] of [
    ['pending', 'pending'],
    ['failed', 'canceled'],
  ] as const) {
    it(`an order ${state} goes to the return page, which decides`, async () => {
      recordPurchase([item], { transactionId: '100001', coupons: [], value: 289 });
      fakeApi({ [stateUrl]: orderState(state, paymentStatus) });
      renderRoutes(routes, '/checkout-complete/100001/ana%40example.org');
      // Pending waits on the return page; failed passes through it to /checkout-cancel.
      const target = state === 'pending' ? /^\/checkout-return\/100001\/ana%40example.org$/ : /^\/checkout-cancel$/;
      await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(target));
      expect(purchases()).toHaveLength(0);
    });
  }
});
