import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import type { AdminOrder } from '@shop/shared/contract/admin';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../i18n/i18nProvider.ts';
import { OrderDetail } from './OrderShow.tsx';

afterEach(cleanup);

const order: AdminOrder = {
  id: 7,
  incrementId: '100000007',
  createdAt: '2026-11-30T10:00:00.000Z',
  status: 'paid',
  email: 'kaeufer@example.org',
  name: 'Ana García',
  totalCents: 9150,
  paymentMethod: 'creditcard',
  customerId: null,
  locale: 'de',
  comment: null,
  holdExpiresAt: null,
  cancelReason: null,
  chargedBackCents: 0,
  billingAddress: null,
  courses: [],
  // The server's amount is shown as it is, even where a sum of the other columns would differ.
  products: [
    {
      id: 1,
      productId: 3,
      title: 'Lehrbuch A1',
      quantity: 3,
      unitPriceCents: 1950,
      discountCents: 500,
      totalCents: 5123,
      withdrawalId: null,
    },
  ],
  packages: [{ id: 2, courseType: 3, amount: 5, quantity: 1, totalCents: 4027, withdrawalId: null }],
  payments: [],
  refunds: [],
  withdrawals: [],
  creditsUsed: [],
  creditsBought: [],
  codes: [],
  mails: [],
  audit: [],
};

describe("the back office's order detail", () => {
  it("shows each product's and package's amount as the server reckoned it, never its own sum", async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RecordContextProvider value={order}>
          <OrderDetail />
        </RecordContextProvider>
      </AdminContext>,
    );
    const product = (await screen.findByText('Lehrbuch A1')).closest('tr')!;
    expect(within(product).getByText(/51,23/)).toBeTruthy();
    expect(within(product).queryByText(/53,50/)).toBeNull();
    const packageRow = screen.getByText(/× 5/).closest('tr')!;
    expect(within(packageRow).getByText(/40,27/)).toBeTruthy();
  });
});
