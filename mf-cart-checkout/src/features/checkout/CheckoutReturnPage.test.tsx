import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore, type CartItem } from '@shop/shared';
import { readSubmittedCart, rememberSubmittedCart } from './submittedCart.ts';
import { apiError, courseFixture, courseItem, fakeApi, renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';
import { orderStatePollMs } from './useOrderState.ts';

beforeAll(startI18n);
// The page asks again every few seconds: its timers are fake (running on, so the page renders as usual) and the
// tests jump to the next question instead of waiting for it.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  useCartStore.getState().clear();
  useCartStore.setState({ discountCodes: [] });
  localStorage.clear();
});

const stateUrl = 'POST /api/orders/100001/state';
const orderState = (state: 'paid' | 'pending' | 'failed', paymentStatus: string, holdActive = state === 'pending') => ({
  body: { result: { incrementId: '100001', state, paymentStatus, holdActive, totalPrice: 578 } },
});
const submitted: CartItem = { id: 'c7', ...courseItem(courseFixture({ id: 7 }), 2) } as CartItem;
const location = () => screen.getByTestId('location').textContent;
/** The time until the page asks again passes. */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(orderStatePollMs));

describe('/checkout-return/{orderId}/{email}', () => {
  it('asks with the number and the address and goes on to the confirmation when paid, replacing itself', async () => {
    const calls = fakeApi({ [stateUrl]: orderState('paid', 'paid') });
    renderRoutes(routes, '/checkout-return/100001/ana%40example.org');
    await waitFor(() => expect(location()).toBe('/checkout-complete/100001/ana%40example.org'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/orders/100001/state',
      body: { email: 'ana@example.org' },
    });
  });

  it('waits with a notice while the payment is open and asks again every few seconds', async () => {
    const calls = fakeApi({
      [stateUrl]: [
        orderState('pending', 'pending'),
        orderState('pending', 'pending', false),
        orderState('paid', 'paid'),
      ],
    });
    renderRoutes(routes, '/checkout-return/100001/ana%40example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zahlung wird geprüft' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        /Wir warten auf die Bestätigung Ihres Zahlungsanbieters für die Bestellung 100001/,
      ),
    );
    // The second answer: still open, but the hold ran out.
    await nextPoll();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/Reservierung für die Bestellung 100001 ist abgelaufen/),
    );
    expect(location()).toBe('/checkout-return/100001/ana%40example.org');
    await nextPoll();
    await waitFor(() => expect(location()).toBe('/checkout-complete/100001/ana%40example.org'));
    // Three by the return page, then the confirmation's own check, which it makes once it has rendered: on a busy
    // machine that is after the address changed.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/orders/100001/state')).toHaveLength(4));
  });

  it('keeps asking after a failed call (network, rate limit)', async () => {
    const calls = fakeApi({ [stateUrl]: [apiError(429, 'TOO_MANY_REQUESTS'), orderState('paid', 'paid')] });
    renderRoutes(routes, '/checkout-return/100001/ana%40example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zahlung wird geprüft' })).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    await nextPoll();
    await waitFor(() => expect(location()).toBe('/checkout-complete/100001/ana%40example.org'));
  });

  for (const paymentStatus of ['failed', 'canceled', 'expired']) {
    it(`${paymentStatus}: puts the submitted cart and its codes back and goes to /checkout-cancel`, async () => {
      rememberSubmittedCart({ orderId: '100001', items: [submitted], discountCodes: ['SOMMER25'] });
      fakeApi({ [stateUrl]: orderState('failed', paymentStatus) });
      renderRoutes(routes, '/checkout-return/100001/ana%40example.org');
      await waitFor(() => expect(location()).toBe('/checkout-cancel'));
      expect(useCartStore.getState().items).toMatchObject([{ courseId: 7, quantity: 2 }]);
      expect(useCartStore.getState().discountCodes).toEqual(['SOMMER25']);
      expect(readSubmittedCart()).toBeNull();
      // The cancel page offers to try again; a failed payment (refused, not cancelled) says so and offers another method.
      const failed = paymentStatus === 'failed';
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        failed ? 'Zahlung fehlgeschlagen' : 'Zahlung abgebrochen',
      );
      expect(screen.getByRole('alert').textContent).toContain(
        failed ? 'Die Zahlung ist fehlgeschlagen.' : 'Die Zahlung wurde nicht abgeschlossen.',
      );
      if (failed) expect(screen.getByRole('alert').textContent).toContain('Bitte wählen Sie eine andere Zahlungsart.');
      expect(
        screen
          .getByRole('link', { name: failed ? 'Andere Zahlungsart wählen' : 'Erneut versuchen' })
          .getAttribute('href'),
      ).toBe('/checkout');
      expect(screen.getByRole('link', { name: 'Warenkorb ansehen' }).getAttribute('href')).toBe('/cart');
      expect(screen.getByText(/Ihr Warenkorb ist wieder da \(2 Artikel\)/)).toBeTruthy();
      expect(screen.getByText(/es wurde nichts abgebucht/)).toBeTruthy();
    });
  }

  it('money that came after the hold ended: the cancel page says the order was cancelled and the payment is refunded', async () => {
    rememberSubmittedCart({ orderId: '100001', items: [submitted], discountCodes: [] });
    fakeApi({ [stateUrl]: orderState('failed', 'paid') });
    renderRoutes(routes, '/checkout-return/100001/ana%40example.org');
    await waitFor(() => expect(location()).toBe('/checkout-cancel'));
    expect(screen.getByText(/Ihre Zahlung ist erst eingegangen, als die Reservierung/).textContent).toContain(
      'den bezahlten Betrag erstatten wir Ihnen',
    );
    expect(screen.queryByText(/es wurde nichts abgebucht/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Kontaktieren Sie uns' })).toBeTruthy();
  });

  it('a late payment with its amount: its own heading, the refund to come, then the day it was refunded', async () => {
    const late = (refundedAt: string | null) => ({
      body: {
        result: {
          ...orderState('failed', 'paid').body.result,
          latePayment: { amount: 578, refundedAt },
        },
      },
    });
    fakeApi({ [stateUrl]: late(null) });
    renderRoutes(routes, '/checkout-return/100001/ana%40example.org');
    await waitFor(() => expect(location()).toBe('/checkout-cancel'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Zahlung nach Ablauf der Reservierung');
    const notice = screen.getByText(/Ihre Zahlung über 578\s€ ist erst eingegangen/).textContent;
    expect(notice).toContain('Die Plätze wurden deshalb nicht für Sie gehalten');
    expect(notice).toContain('die Schule erstattet Ihnen den Betrag');
    expect(screen.queryByText(/Zahlung abgebrochen|fehlgeschlagen/)).toBeNull();
    cleanup();

    fakeApi({ [stateUrl]: late('2026-01-20T10:00:00.000Z') });
    renderRoutes(routes, '/checkout-return/100001/ana%40example.org');
    await waitFor(() => expect(location()).toBe('/checkout-cancel'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Zahlung erstattet');
    expect(screen.getByText(/der Betrag wurde Ihnen am 20\.01\.2026 erstattet/)).toBeTruthy();
  });

  it('does not put back the cart of another order', async () => {
    rememberSubmittedCart({ orderId: '100002', items: [submitted], discountCodes: [] });
    fakeApi({ [stateUrl]: orderState('failed', 'canceled') });
    renderRoutes(routes, '/checkout-return/100001/ana%40example.org');
    await waitFor(() => expect(location()).toBe('/checkout-cancel'));
    expect(useCartStore.getState().items).toEqual([]);
    expect(readSubmittedCart()?.orderId).toBe('100002');
    expect(screen.queryByRole('link', { name: 'Erneut versuchen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Zurück zu den Kursen' })).toBeTruthy();
  });

  it('an unknown order (or a wrong address) shows "order not found" with the contact link, and stops asking', async () => {
    const calls = fakeApi({ [stateUrl]: apiError(404, 'NOT_FOUND') });
    renderRoutes(routes, '/checkout-return/100001/ana%40example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung nicht gefunden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kontaktieren Sie uns' }).getAttribute('href')).toMatch(/kontakt$/);
    await nextPoll();
    await nextPoll();
    expect(calls).toHaveLength(1);
    expect(location()).toBe('/checkout-return/100001/ana%40example.org');
  });
});
