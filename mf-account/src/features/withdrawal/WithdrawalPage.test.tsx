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
    expect(status.textContent).toContain('an ana@example.org einen Link geschickt');
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
  });
});
