import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const token = 'T'.repeat(43);
const overview = {
  email: 'gast@example.org',
  accountExists: false,
  holdsData: true,
  blockers: [],
  openOrders: [],
  credits: [],
  keptOrders: 1,
};

describe('PrivacyRequestConfirmPage', () => {
  it('reads what is held on opening, and deletes only on the button after the tick', async () => {
    const calls = fakeApi({
      'POST /api/privacy/guest/overview': { body: { result: overview } },
      'POST /api/privacy/guest/delete': { body: { result: { deleted: true, keptOrders: 1 } } },
    });
    renderArea({ pathname: '/privacy-request-confirm', search: `?token=${token}` });
    expect(
      await screen.findByText('Gespeicherte Daten zur Adresse gast@example.org, außerhalb eines Kundenkontos:'),
    ).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/privacy/guest/overview']);
    const remove = screen.getByRole('button', { name: 'Daten endgültig löschen' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Ich möchte die Daten zu dieser Adresse endgültig löschen.'));
    fireEvent.click(remove);
    expect(await screen.findByTestId('privacy-guest-deleted')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ url: '/api/privacy/guest/delete', body: { token } });
  });

  it('sends an address with an account to the account, and says when nothing is held', async () => {
    fakeApi({
      'POST /api/privacy/guest/overview': { body: { result: { ...overview, accountExists: true, holdsData: false } } },
    });
    renderArea({ pathname: '/privacy-request-confirm', search: `?token=${token}` });
    expect(await screen.findByText(/Zu dieser Adresse gibt es ein Kundenkonto/)).toBeTruthy();
    expect(screen.getByTestId('privacy-guest-nothing')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Daten endgültig löschen' })).toBeNull();
  });

  it('says so when the link is used up or expired, and offers a new one', async () => {
    fakeApi({
      'POST /api/privacy/guest/overview': {
        status: 400,
        body: { error: { code: 'INVALID_TOKEN', message: 'The link is invalid or has expired' } },
      },
    });
    renderArea({ pathname: '/privacy-request-confirm', search: `?token=${token}` });
    expect(await screen.findByText('Der Link ist ungültig oder abgelaufen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' }).getAttribute('href')).toBe('/privacy-request');
  });
});
