import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney, useAuthStore, type Order } from '@shop/shared';
import { customer, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
beforeEach(() => useAuthStore.getState().logIn('tok', false));
afterEach(cleanup);

const course = (id: number, title: string) => ({
  id,
  type: 1 as const,
  identifier: `ES-${id}`,
  titles: [{ language: 'de' as const, description: title }],
  startDate: '2026-02-02',
  startTime: '18:00',
  endDate: '2026-03-30',
  endTime: '19:30',
});

const order = (id: number, status: Order['status'], extra: Partial<Order> = {}): Order => ({
  id,
  incrementId: `10000${id}`,
  createdAt: '2026-01-03T10:15:00.000Z',
  status,
  isRefunded: false,
  totalPrice: 847.8,
  discounts: [{ code: 'WILLKOMMEN10', amount: 94.2 }],
  comment: null,
  courseBookings: [
    {
      id: id * 10,
      quantity: 2,
      unitPrice: 289,
      appliedCredits: 0,
      totalPrice: 520.2,
      discount: 57.8,
      discountCodes: ['WILLKOMMEN10'],
      course: course(1, 'Spanisch A1 am Abend'),
      participants: [
        { id: 1, firstname: 'Ben', lastname: 'Muster', email: 'ben@example.org', phone: null, birthYear: null },
      ],
    },
    {
      id: id * 10 + 1,
      quantity: 1,
      unitPrice: 23,
      appliedCredits: 1,
      totalPrice: 0,
      discount: 0,
      discountCodes: [],
      course: course(2, 'Konversation B1'),
      participants: [],
    },
  ],
  productOrders: [
    {
      id: 7,
      quantity: 1,
      unitPrice: 249,
      discount: 24.9,
      discountCodes: ['WILLKOMMEN10'],
      totalPrice: 224.1,
      product: { id: 3, titles: [{ language: 'de', description: 'DELE A2' }] },
    },
  ],
  customerBalanceTransactions: [
    {
      id: 5,
      transactionType: 'add',
      type: 3,
      amount: 5,
      quantity: 1,
      unitPrice: 115,
      discount: 11.5,
      discountCodes: ['WILLKOMMEN10'],
      totalPrice: 103.5,
    },
  ],
  payments: [],
  customerBillingAddress: null,
  holdExpiresAt: null,
  cancelReason: null,
  ...extra,
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
/** A hold that ends a minute after the (fake) now. */
const holdMs = 60_000;
const holdEnd = () => new Date(Date.now() + holdMs).toISOString();
const pendingPayment = (id: number) => ({
  id,
  transactionId: `tx-${id}`,
  status: 'pending' as const,
  paymentLink: `https://pay.example/${id}`,
});

const api = (orders: unknown) =>
  fakeApi({
    'GET /api/customer/me': { body: { result: customer() } },
    'GET /api/customer/me/orders?limit=20&offset=0': orders as never,
  });

/** Cents of a German money text ("1.234,50 €", "−23 €"). */
const cents = (text: string | null) => {
  const value = Math.round(Number(text!.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
  return text!.trim().startsWith('−') ? -value : value;
};

describe('OrdersPage', () => {
  it('shows each position with list price, named discount and amount to pay, adding up to the total', async () => {
    api({ body: { result: [order(1, 'paid')] } });
    renderArea('/account-order');
    const card = (await screen.findAllByRole('article'))[0]!;
    const pays = within(card)
      .getAllByTestId('line-pay')
      .map((node) => cents(node.textContent));
    const total = cents(within(card).getByTestId('order-1-total').textContent);
    expect(pays).toEqual([52020, 0, 22410, 10350]);
    expect(pays.reduce((a, b) => a + b, 0)).toBe(total);
    expect(total).toBe(84780);
    const deductions = [
      ...within(card).getAllByTestId('order-1-discount'),
      within(card).getByTestId('order-1-credits'),
    ].map((row) => cents(row.querySelector('dd')!.textContent));
    expect(
      cents(within(card).getByTestId('order-1-subtotal').textContent) + deductions.reduce((a, b) => a + b, 0),
    ).toBe(total);
    const discounts = within(card)
      .getAllByTestId('line-discount')
      .map((node) => node.textContent);
    expect(discounts).toContain('Gutschein WILLKOMMEN10−24,90\u00a0€');
    expect(discounts).toContain('Mit Paketguthaben bezahlt (1 ×)−23\u00a0€');
    expect(card.textContent).toContain('umsatzsteuerfrei nach § 4 Nr. 21 UStG');
  });

  it('lists the orders with status, total, positions (first course booking open), address, comment and payments', async () => {
    api({
      body: {
        result: [
          order(1, 'payment_pending', { payments: [pendingPayment(9)], holdExpiresAt: inMinutes(30) }),
          order(2, 'completed', {
            isRefunded: true,
            comment: 'Bitte Rechnung per Post',
            customerBillingAddress: {
              firstname: 'Anna',
              lastname: 'Muster',
              addressLine1: 'Hauptstr. 1',
              addressLine2: '',
              city: 'Wien',
              zip: '1010',
              country: 'AT',
              phone: null,
              birthYear: null,
            },
          }),
        ],
      },
    });
    renderArea('/account-order');
    expect((await screen.findByRole('alert')).textContent).toBe('Die Zahlung für Bestellung 100001 ist noch offen.');
    const [first, second] = screen.getAllByRole('article');
    expect(within(first!).getByRole('heading', { name: 'Bestellung 100001' })).toBeTruthy();
    expect(within(first!).getByTestId('order-status').textContent).toBe('Ausstehend');
    expect(first!.textContent).toContain('03.01.2026');
    expect(first!.textContent).toContain(formatMoney(847.8));
    const details = first!.querySelectorAll('details');
    expect([...details].map((d) => d.open)).toEqual([true, false, false, false]);
    expect(details[0]!.textContent).toContain('Spanisch A1 am Abend');
    expect(details[0]!.textContent).toContain('2 Plätze');
    expect(details[3]!.textContent).toContain('5 Konversationsstunden');
    expect(first!.textContent).toContain('Keine Anmerkung.');
    expect(first!.textContent).toContain('tx-9');
    const pay = within(first!).getByRole('link', { name: /Zahlung abschließen/ });
    expect(pay.getAttribute('href')).toBe('https://pay.example/9');
    expect(pay.getAttribute('target')).toBe('_blank');
    expect(pay.getAttribute('rel')).toContain('noopener');

    expect(within(second!).getByTestId('order-status').textContent).toBe('Erstattet');
    expect(within(second!).getByTestId('order-status').className).toContain('warning');
    expect(second!.textContent).toContain('Bitte Rechnung per Post');
    expect(second!.textContent).toContain('Österreich');
    expect(within(second!).queryByRole('link', { name: /Zahlung abschließen/ })).toBeNull();
  });

  it('offers the payment only while the hold lasts: "expired" after it, also once the order was cancelled for that', async () => {
    api({
      body: {
        result: [
          order(1, 'payment_pending', { payments: [pendingPayment(1)], holdExpiresAt: inMinutes(-1) }),
          order(2, 'cancelled', {
            payments: [pendingPayment(2)],
            holdExpiresAt: inMinutes(-60),
            cancelReason: 'hold_expired',
          }),
          order(3, 'cancelled', {
            payments: [{ ...pendingPayment(3), status: 'failed' }],
            holdExpiresAt: inMinutes(-60),
            cancelReason: 'payment_failed',
          }),
        ],
      },
    });
    renderArea('/account-order');
    const [first, second, third] = await screen.findAllByRole('article');
    for (const card of [first!, second!]) {
      expect(within(card).getByTestId('order-status').textContent).toBe('Abgelaufen');
      expect(card.textContent).toContain('Die Zahlungsfrist ist abgelaufen.');
      expect(within(card).queryByRole('link', { name: /Zahlung abschließen/ })).toBeNull();
    }
    expect(within(third!).getByTestId('order-status').textContent).toBe('Storniert');
    // Nothing left to pay, so no "payment still open" banner.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a payment that came after the hold as such: not "expired", the refund to come, then its day', async () => {
    const late = (id: number, refundedAt: string | null) =>
      order(id, 'cancelled', {
        payments: [{ ...pendingPayment(id), status: 'paid' }],
        holdExpiresAt: inMinutes(-60),
        cancelReason: 'hold_expired',
        latePayment: { amount: 578, refundedAt },
      });
    api({ body: { result: [late(1, null), late(2, '2026-01-20T10:00:00.000Z')] } });
    renderArea('/account-order');
    const [due, refunded] = await screen.findAllByRole('article');
    expect(within(due!).getByTestId('order-status').textContent).toBe('Zu spät bezahlt – wird erstattet');
    expect(within(due!).getByTestId('late-payment-note').textContent).toMatch(
      /^Ihre Zahlung über 578\s€ ist erst eingegangen, als die Reservierung Ihrer Plätze schon abgelaufen war\. Die Plätze wurden deshalb nicht für Sie gehalten; die Schule erstattet Ihnen den Betrag/,
    );
    expect(due!.textContent).not.toContain('Die Zahlungsfrist ist abgelaufen.');
    expect(within(refunded!).getByTestId('order-status').textContent).toBe('Zu spät bezahlt – erstattet');
    expect(within(refunded!).getByTestId('late-payment-note').textContent).toContain(
      'der Betrag wurde Ihnen am 20.01.2026 erstattet',
    );
  });

  describe('while the page is open', () => {
    // The page's clock and timers are fake (running on, so the page loads as usual): the hold ends a minute on,
    // when the test jumps there, not when a busy machine happens to have rendered the card.
    beforeEach(() => vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());
    const holdEnds = () => act(() => vi.advanceTimersByTimeAsync(holdMs + 1));

    it('takes the payment button away when the hold ends', async () => {
      api({
        body: {
          result: [order(1, 'payment_pending', { payments: [pendingPayment(1)], holdExpiresAt: holdEnd() })],
        },
      });
      renderArea('/account-order');
      const card = await screen.findByRole('article');
      expect(within(card).getByRole('link', { name: /Zahlung abschließen/ })).toBeTruthy();
      expect(card.textContent).toMatch(/Zahlbar bis \d\d\.\d\d\.\d{4} \d\d:\d\d/);
      await holdEnds();
      expect(within(card).getByTestId('order-status').textContent).toBe('Abgelaufen');
      expect(within(card).queryByRole('link', { name: /Zahlung abschließen/ })).toBeNull();
    });

    it('names in the pending banner only orders whose hold still runs, also once one ends', async () => {
      api({
        body: {
          result: [
            order(1, 'payment_pending', { payments: [pendingPayment(1)], holdExpiresAt: holdEnd() }),
            order(2, 'pending', { payments: [pendingPayment(2)], holdExpiresAt: inMinutes(30) }),
          ],
        },
      });
      renderArea('/account-order');
      await screen.findAllByRole('article');
      expect(screen.getByRole('alert').textContent).toBe(
        'Die Zahlungen für die Bestellungen 100001, 100002 sind noch offen.',
      );
      await holdEnds();
      expect(screen.getByRole('alert').textContent).toBe('Die Zahlung für Bestellung 100002 ist noch offen.');
    });
  });

  it('says so when there are no orders, and shows the failure text when loading fails', async () => {
    api({ body: { result: [] } });
    renderArea('/account-order');
    expect(await screen.findByText('Sie haben noch keine Bestellungen.')).toBeTruthy();
    cleanup();
    api({ status: 500, body: {} });
    renderArea('/account-order');
    expect((await screen.findByRole('alert')).textContent).toBe('Bestellungen konnten nicht geladen werden.');
  });

  it('offers each invoice of a paid order as a download, and none for an order still waiting', async () => {
    const calls = fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/orders?limit=20&offset=0': {
        body: {
          result: [order(1, 'paid'), order(2, 'payment_pending', { holdExpiresAt: '2099-01-01T00:00:00.000Z' })],
        },
      },
      'GET /api/customer/me/orders/1/invoices': {
        body: {
          result: [
            {
              number: 'RE-2026-000007',
              kind: 'invoice',
              issuedAt: '2026-01-03T10:16:00.000Z',
              total: 847.8,
              originalNumber: null,
            },
            {
              number: 'ST-2026-000002',
              kind: 'cancellation',
              issuedAt: '2026-01-20T09:00:00.000Z',
              total: -100,
              originalNumber: 'RE-2026-000007',
            },
          ],
        },
      },
    });
    renderArea('/account-order');
    const [paid, waiting] = await screen.findAllByRole('article');
    expect(await within(paid!).findByRole('heading', { level: 3, name: 'Rechnungen' })).toBeTruthy();
    expect(
      within(paid!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(
      expect.arrayContaining([
        'Rechnung RE-2026-000007 vom 03.01.2026 (PDF)',
        'Stornorechnung ST-2026-000002 vom 20.01.2026 (PDF)',
      ]),
    );
    expect(within(waiting!).queryByRole('heading', { name: 'Rechnungen' })).toBeNull();
    expect(calls.some((call) => call.url.includes('/orders/2/invoices'))).toBe(false);
  });

  it('does nothing when logged out: no call, on to /login', async () => {
    useAuthStore.getState().logOut();
    const calls = api({ body: { result: [] } });
    renderArea('/account-order');
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual({ from: '/account-order' });
    expect(calls).toEqual([]);
  });
});
