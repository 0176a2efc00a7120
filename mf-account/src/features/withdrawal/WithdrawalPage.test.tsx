import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@shop/shared';
import { fakeApi, renderArea, startI18n } from '../../test/support.tsx';

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
});
