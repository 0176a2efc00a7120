import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type Order } from '@shop/shared';
import { customer, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

/**
 * WCAG 1.4.10 (reflow): at 320 CSS px the account's screens neither scroll sideways nor squeeze their content. The
 * test DOM lays nothing out, so these read the column templates the account's styles give at that width (happy-dom
 * applies the media queries of the viewport an element is first styled at); the figures are those of Chromium.
 */

beforeAll(startI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useAuthStore.getState().logOut();
});

/** Addresses and names as customers type them: one word, longer than a phone is wide. */
const longEmail = 'maximilianmustermannschmidt@sprachschulebeispielberlin.example';

function atWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({ width, height: 800 });
}

/** The top-level tracks of a grid-template-columns value ("minmax(0, 1fr) 2fr" → 2). */
function tracks(template: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of template.trim()) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ' ' && depth === 0) {
      if (current) found.push(current);
      current = '';
    } else current += char;
  }
  if (current) found.push(current);
  return found;
}

/**
 * The grids around `element` whose columns are at least as wide as their content's longest word (`1fr`, `auto`,
 * `repeat(3, 1fr)`, or no template): one such word (a participant's e-mail address) then widens the whole account
 * layout past the screen (Chromium: 279 px of sideways scrolling at 320 px on the orders page, 137 px on the data
 * page with a long display name), where a column that may shrink lets the text wrap.
 */
function contentSizedGridsAround(element: HTMLElement): string[] {
  const grids: string[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (getComputedStyle(node).display !== 'grid') continue;
    const template = getComputedStyle(node).gridTemplateColumns;
    const implicit = template === '' || template === 'none';
    if (implicit || tracks(template).some((track) => /^(auto|[\d.]+fr|repeat\(.*[\d.]+fr\))$/.test(track)))
      grids.push(`${node.tagName.toLowerCase()}.${node.className}: ${template || 'none'}`);
  }
  return grids;
}

const order: Order = {
  id: 1,
  incrementId: '10000123',
  createdAt: '2026-01-03T10:15:00.000Z',
  status: 'paid',
  isRefunded: false,
  totalPrice: 289,
  discounts: [],
  comment: 'Rechnung bitte an https://www.sprachschule-beispiel.example/rechnungen/2026/kundennummer-123456789',
  courseBookings: [
    {
      id: 1,
      quantity: 1,
      unitPrice: 289,
      appliedCredits: 0,
      totalPrice: 289,
      discount: 0,
      discountCodes: [],
      course: {
        id: 1,
        type: 1,
        identifier: 'ES-1',
        titles: [{ language: 'de', description: 'Spanisch A1 am Abend' }],
        startDate: '2026-02-02',
        startTime: '18:00',
        endDate: '2026-03-30',
        endTime: '19:30',
      },
      participants: [
        { id: 1, firstname: 'Maximilian', lastname: 'Muster', email: longEmail, phone: null, birthYear: null },
      ],
    },
  ],
  productOrders: [],
  customerBalanceTransactions: [],
  payments: [{ id: 1, transactionId: 'tr_WDqYK6vllgAbCdEf', status: 'paid', paymentLink: null }],
  customerBillingAddress: {
    firstname: 'Maximilian',
    lastname: 'Muster',
    addressLine1: 'Hauptstraße 1',
    addressLine2: '',
    city: 'Berlin',
    zip: '10115',
    country: 'DE',
    phone: '',
    birthYear: '',
  },
  holdExpiresAt: null,
  cancelReason: null,
};

describe('account screens at 320 px', () => {
  it.each([320, 1280])(
    'orders: no column keeps a long e-mail address or comment wider than the screen (%i px)',
    async (width) => {
      atWidth(width);
      useAuthStore.getState().logIn('tok', false);
      fakeApi({
        'GET /api/customer/me': { body: { result: customer({ email: longEmail }) } },
        'GET /api/customer/me/orders?limit=20&offset=0': { body: { result: [order] } },
      });
      renderArea('/account-order');
      const participant = await screen.findByText(longEmail, { exact: false });
      const comment = screen.getByText(order.comment!);
      expect([...contentSizedGridsAround(participant), ...contentSizedGridsAround(comment)]).toEqual([]);
    },
  );

  it.each([320, 1280])('data: no column keeps a long display name wider than the screen (%i px)', async (width) => {
    atWidth(width);
    useAuthStore.getState().logIn('tok', false);
    fakeApi({
      'GET /api/customer/me': {
        body: { result: customer({ email: longEmail, displayName: 'Maximilianmustermannschmidtberlin' }) },
      },
      'GET /api/customer/me/balances': { body: { result: [{ typeId: 3, balance: 4 }] } },
    });
    renderArea('/account-data');
    const greeting = await screen.findByText('Hallo, Maximilianmustermannschmidtberlin!');
    expect(contentSizedGridsAround(greeting)).toEqual([]);
  });

  it('withdrawal receipt: each label stands above its value, which keeps the width to be read (two columns from 768 px)', async () => {
    const receiptRows = async (width: number) => {
      atWidth(width);
      fakeApi({
        'POST /api/withdrawals/confirm': {
          body: {
            result: {
              receiptNumber: 'W-000123',
              receivedAt: '2026-01-03T10:15:00.000Z',
              name: 'Maximilian Muster',
              orderNumber: '10000123',
              email: longEmail,
              positions: [],
              outcome: 'withdrawn',
              reviewReason: null,
              refundAmount: 289,
              confirmationExpiresAt: null,
            },
          },
        },
      });
      const { container } = renderArea('/withdrawal-confirm?token=abc');
      fireEvent.click(await screen.findByRole('button', { name: 'Widerruf jetzt bestätigen' }));
      await screen.findByRole('heading', { name: 'Eingangsbestätigung' });
      const rows = [...container.querySelectorAll<HTMLElement>('.account-receipt dl > div')];
      const columns = rows.map((row) => tracks(getComputedStyle(row).gridTemplateColumns).length);
      cleanup();
      vi.restoreAllMocks();
      return columns;
    };
    // Before: a 15rem label column beside the value left the value 32 px at 320 px, broken letter by letter.
    expect(new Set(await receiptRows(320))).toEqual(new Set([1]));
    expect(new Set(await receiptRows(1280))).toEqual(new Set([2]));
  });
});
