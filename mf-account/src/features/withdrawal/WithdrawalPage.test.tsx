import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Order, useAuthStore, type WithdrawalReceipt } from '@shop/shared';
import { answerAfterFocusFixup, type FakeAnswer } from '@shop/shared/testing';
import { apiError, customer, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
beforeEach(() => useAuthStore.getState().logOut());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/withdrawal', () => {
  it('tells a guest the withdrawal was received and a link to confirm it was sent, and that logging in makes it immediate', async () => {
    const calls = fakeApi({
      'POST /api/withdrawals': {
        body: {
          result: {
            receiptNumber: 'W-000008',
            receivedAt: '2026-01-18T09:00:00.000Z',
            name: 'Ana García',
            orderNumber: '100042',
            email: 'ana@example.org',
            positions: [],
            outcome: 'awaiting_confirmation',
            reviewReason: null,
            refundAmount: null,
            confirmationExpiresAt: '2026-01-25T09:00:00.000Z',
          },
        },
      },
    });
    renderArea('/withdrawal');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Ana García' } });
    fireEvent.change(screen.getByLabelText(/^Bestellnummer/), { target: { value: '100042' } });
    fireEvent.change(screen.getByLabelText(/^E-Mail-Adresse für die Eingangsbestätigung/), {
      target: { value: 'ana@example.org' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Ihr Widerruf ist eingegangen');
    expect(status.textContent).toContain('an ana@example.org geschrieben, wie es weitergeht');
    expect(status.textContent).toContain('einen Link, mit dem Sie den Widerruf bis');
    expect(status.textContent).toContain('25.01.2026 10:00:00');
    expect(screen.getByText(/wird ein Widerruf Ihrer eigenen Bestellungen sofort wirksam/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText('18.01.2026 10:00:00')).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: '/api/withdrawals', body: { orderNumber: '100042', positions: [] } });
  });

  const receipt = (over: Partial<WithdrawalReceipt> = {}): WithdrawalReceipt => ({
    receiptNumber: 'W-000009',
    receivedAt: '2026-01-18T09:00:00.000Z',
    name: 'Anna Muster',
    orderNumber: '100002',
    email: 'anna@example.org',
    positions: [],
    outcome: 'withdrawn',
    reviewReason: null,
    refundAmount: 289,
    confirmationExpiresAt: null,
    ...over,
  });

  /**
   * `answer` once the focus is dropped to the page, as a browser drops it from the form's button, disabled while
   * sending by then (answerAfterFocusFixup's blur does not move it off a disabled element in happy-dom).
   */
  const afterFocusDropped = (answer: FakeAnswer) => () => {
    const button = document.activeElement as HTMLButtonElement;
    button.disabled = false;
    button.blur();
    button.disabled = true;
    return answerAfterFocusFixup(answer)();
  };

  const fillAsGuest = async () => {
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Ana García' } });
    fireEvent.change(screen.getByLabelText(/^Bestellnummer/), { target: { value: '100042' } });
    fireEvent.change(screen.getByLabelText(/^E-Mail-Adresse für die Eingangsbestätigung/), {
      target: { value: 'ana@example.org' },
    });
  };

  it('moves the focus to the receipt that replaces the form (WCAG 2.4.3)', async () => {
    fakeApi({
      'POST /api/withdrawals': afterFocusDropped({
        body: { result: receipt({ outcome: 'review', reviewReason: 'unknown_order', refundAmount: null }) },
      }),
    });
    renderArea('/withdrawal');
    await fillAsGuest();
    const submit = screen.getByRole('button', { name: 'Widerruf bestätigen' });
    submit.focus();
    fireEvent.click(submit);
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('nicht automatisch zuordnen');
    expect(document.activeElement).toBe(status);
  });

  it('gives the focus back to the button beside the alert when a declaration could not be sent', async () => {
    fakeApi({ 'POST /api/withdrawals': afterFocusDropped(apiError(503, 'UNAVAILABLE')) });
    renderArea('/withdrawal');
    await fillAsGuest();
    const submit = screen.getByRole('button', { name: 'Widerruf bestätigen' });
    submit.focus();
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Leider ist ein Fehler aufgetreten');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Widerruf bestätigen' })),
    );
  });

  describe('a customer picking positions', () => {
    beforeEach(() => useAuthStore.getState().logIn('tok', false));

    const booking = (id: number, title: string) => ({
      id,
      quantity: 1,
      unitPrice: 289,
      appliedCredits: 0,
      totalPrice: 289,
      discount: 0,
      discountCodes: [],
      course: {
        id,
        type: 1 as const,
        identifier: `ES-${id}`,
        titles: [{ language: 'de' as const, description: title }],
        startDate: '2026-02-02',
        startTime: '18:00',
        endDate: '2026-03-30',
        endTime: '19:30',
      },
      participants: [],
    });
    const order = (id: number, title: string): Order => ({
      id,
      incrementId: `10000${id}`,
      createdAt: '2026-01-15T10:15:00.000Z',
      status: 'paid',
      isRefunded: false,
      totalPrice: 289,
      discounts: [],
      comment: null,
      courseBookings: [booking(id * 10, title)],
      productOrders: [],
      customerBalanceTransactions: [],
      payments: [],
      customerBillingAddress: null,
      holdExpiresAt: null,
      cancelReason: null,
    });

    it("sends no position ticked for another order than the one declared: that one's whole contract", async () => {
      const calls = fakeApi({
        'GET /api/customer/me': { body: { result: customer() } },
        'GET /api/customer/me/orders?limit=20&offset=0': {
          body: { result: [order(1, 'Spanisch A1 am Abend'), order(2, 'Konversation B1')] },
        },
        'POST /api/withdrawals': { body: { result: receipt() } },
      });
      renderArea('/withdrawal');
      fireEvent.change(await screen.findByLabelText('Ihre Bestellungen'), { target: { value: '100001' } });
      fireEvent.click(await screen.findByLabelText('Spanisch A1 am Abend'));
      // What ticking none means is read out with the group, not only seen beside it.
      const group = screen.getByRole('group', { name: 'Positionen' });
      expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Wenn Sie keine Position wählen, widerrufen Sie den ganzen Vertrag.',
      );
      // The customer then types the other order's number: its positions show, none of them ticked.
      fireEvent.change(screen.getByLabelText(/^Bestellnummer/), { target: { value: '100002' } });
      const other = (await screen.findByLabelText('Konversation B1')) as HTMLInputElement;
      expect(other.checked).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));
      await screen.findByRole('status');
      expect(calls.find((call) => call.url === '/api/withdrawals')).toMatchObject({
        body: { orderNumber: '100002', positions: [] },
      });
    });
    describe('older orders (the orders call gives 20 at a time)', () => {
      const orders = (from: number, to: number) =>
        Array.from({ length: to - from + 1 }, (_, index) => order(from + index, `Kurs ${from + index}`));
      const ordersUrl = (offset: number) => `GET /api/customer/me/orders?limit=20&offset=${offset}`;
      const options = () =>
        [...(screen.getByLabelText('Ihre Bestellungen') as HTMLSelectElement).options].map((option) => option.value);

      it('loads the next page on request and lets the customer choose an older order, until all are there', async () => {
        const calls = fakeApi({
          'GET /api/customer/me': { body: { result: customer() } },
          [ordersUrl(0)]: { body: { result: orders(1, 20) } },
          [ordersUrl(20)]: { body: { result: orders(21, 23) } },
        });
        renderArea('/withdrawal');
        await screen.findByLabelText('Ihre Bestellungen');
        expect(options()).toHaveLength(21);
        fireEvent.click(screen.getByRole('button', { name: 'Ältere Bestellungen laden' }));
        await waitFor(() => expect(options()).toHaveLength(24));
        expect(calls.filter((call) => call.url.startsWith('/api/customer/me/orders')).map((call) => call.url)).toEqual([
          '/api/customer/me/orders?limit=20&offset=0',
          '/api/customer/me/orders?limit=20&offset=20',
        ]);
        // A page shorter than 20 was the last: nothing more to load, and the customer is told so.
        expect(screen.queryByRole('button', { name: 'Ältere Bestellungen laden' })).toBeNull();
        expect(screen.getByText('3 weitere Bestellungen geladen. Das sind alle Ihre Bestellungen.')).toBeTruthy();
        fireEvent.change(screen.getByLabelText('Ihre Bestellungen'), { target: { value: '1000023' } });
        expect(await screen.findByLabelText('Kurs 23')).toBeTruthy();
      });

      it('counts the orders it left out (pending, cancelled) for the next offset, and stops at an empty page', async () => {
        const firstPage = orders(1, 20).map((row, index) =>
          index < 5 ? { ...row, status: 'cancelled' as const } : row,
        );
        const calls = fakeApi({
          'GET /api/customer/me': { body: { result: customer() } },
          [ordersUrl(0)]: { body: { result: firstPage } },
          [ordersUrl(20)]: { body: { result: orders(21, 40) } },
          [ordersUrl(40)]: { body: { result: [] } },
        });
        renderArea('/withdrawal');
        await screen.findByLabelText('Ihre Bestellungen');
        expect(options()).toHaveLength(16);
        fireEvent.click(screen.getByRole('button', { name: 'Ältere Bestellungen laden' }));
        await waitFor(() => expect(options()).toHaveLength(36));
        expect(screen.getByText('20 weitere Bestellungen geladen.')).toBeTruthy();
        fireEvent.click(screen.getByRole('button', { name: 'Ältere Bestellungen laden' }));
        await screen.findByText('Keine weiteren Bestellungen. Das sind alle Ihre Bestellungen.');
        expect(screen.queryByRole('button', { name: 'Ältere Bestellungen laden' })).toBeNull();
        expect(calls.filter((call) => call.url.startsWith('/api/customer/me/orders'))).toHaveLength(3);
      });

      it('hands the focus to the longer list and says so in a status region that was there before (WCAG 2.4.3, 4.1.3)', async () => {
        fakeApi({
          'GET /api/customer/me': { body: { result: customer() } },
          [ordersUrl(0)]: { body: { result: orders(1, 20) } },
          [ordersUrl(20)]: afterFocusDropped({ body: { result: orders(21, 40) } }),
        });
        renderArea('/withdrawal');
        const more = await screen.findByRole('button', { name: 'Ältere Bestellungen laden' });
        const status = screen.getByRole('status');
        expect(status.textContent).toBe('');
        more.focus();
        fireEvent.click(more);
        await waitFor(() => expect(status.textContent).toBe('20 weitere Bestellungen geladen.'));
        expect(document.activeElement).toBe(screen.getByLabelText('Ihre Bestellungen'));
      });

      it('keeps the orders it has when a page cannot be loaded: an alert, and the focus back on the button', async () => {
        fakeApi({
          'GET /api/customer/me': { body: { result: customer() } },
          [ordersUrl(0)]: { body: { result: orders(1, 20) } },
          [ordersUrl(20)]: afterFocusDropped(apiError(503, 'UNAVAILABLE')),
        });
        renderArea('/withdrawal');
        const more = await screen.findByRole('button', { name: 'Ältere Bestellungen laden' });
        more.focus();
        fireEvent.click(more);
        expect((await screen.findByRole('alert')).textContent).toBe(
          'Ältere Bestellungen konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
        );
        await waitFor(() =>
          expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ältere Bestellungen laden' })),
        );
        expect(options()).toHaveLength(21);
      });
    });
  });
});
