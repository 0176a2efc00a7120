import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@shop/shared';
import { customer, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
beforeEach(() => useAuthStore.getState().logIn('tok', false));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const preview = {
  blockers: [],
  openOrders: [
    { orderNumber: 'S-1001', courses: [{ title: 'Spanisch A1', startDate: '2026-02-01', endDate: '2026-03-01' }] },
  ],
  credits: [{ typeId: 3, balance: 2, validUntil: '2027-01-01T00:00:00.000Z' }],
  keptOrders: 2,
};

describe('PrivacyPage', () => {
  it('names the courses still booked, the credits lost and the orders kept before it asks for the password', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/privacy/deletion': { body: { result: preview } },
    });
    renderArea('/account-privacy');
    expect(await screen.findByText('Bestellung S-1001: Spanisch A1 (01.02.2026 – 01.03.2026)')).toBeTruthy();
    expect(screen.getByText('2 Konversationsstunden, gültig bis 01.01.2027')).toBeTruthy();
    expect(screen.getByText(/2 Bestellungen bleiben als Rechnungs- und Buchungsbelege/)).toBeTruthy();
    // Deleting waits for the tick that says it is meant.
    const remove = screen.getByRole('button', { name: 'Konto endgültig löschen' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Ich möchte mein Kundenkonto endgültig löschen.'));
    expect(remove.disabled).toBe(false);
  });

  it('says why it cannot delete, and offers no deletion, while something is open', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/privacy/deletion': {
        body: {
          result: {
            ...preview,
            blockers: [{ kind: 'awaitingPayment', orderNumber: 'S-1002', courseTitle: null }],
          },
        },
      },
    });
    renderArea('/account-privacy');
    expect(await screen.findByText(/Die Bestellung S-1002 wartet noch auf die Zahlung/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Konto endgültig löschen' })).toBeNull();
  });

  it('downloads the file after the password, and shows a wrong one on its field', async () => {
    const calls = fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/privacy/deletion': { body: { result: preview } },
      'POST /api/customer/me/privacy/export': [
        {
          status: 400,
          body: { error: { code: 'WRONG_PASSWORD', message: 'x', fields: { password: 'wrong_password' } } },
        },
      ],
    });
    renderArea('/account-privacy');
    const form = await screen.findByTestId('privacy-download-form');
    const password = form.querySelector('input[type="password"]') as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'falsch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Meine Daten herunterladen' }));
    expect(await screen.findByText('Das Passwort ist nicht richtig.')).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/privacy/export'))?.body).toEqual({ password: 'falsch' });
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
  });
});
