import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@shop/shared';
import { apiError, customer, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.getState().logOut();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const link = '/login-link?token=abc&email=anna%40example.org';
const me = { body: { result: customer() } };

describe('/login-link (docs/decisions/0086-no-lockout-of-the-owner.md)', () => {
  it('logs in on its button only, in this tab alone and marked for the notice, then opens the account', async () => {
    const calls = fakeApi({
      'POST /api/customer/login-link': { body: { result: { token: 'session-1' } } },
      'GET /api/customer/me': me,
    });
    renderArea(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mit Link anmelden' })).toBeTruthy();
    expect(screen.getByText(/in diesem Tab als anna@example.org an/)).toBeTruthy();
    // Opening the link sends nothing: a mail scanner that opens it uses up nothing.
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt anmelden' }));
    await waitFor(() => expect(useAuthStore.getState().token).toBe('session-1'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/customer/login-link',
      body: { token: 'abc', email: 'anna@example.org', remember: false },
    });
    expect(useAuthStore.getState()).toMatchObject({ remember: false, linkLogin: 'loggedIn' });
    expect(sessionStorage.getItem('customerToken')).toBe('session-1');
    expect(localStorage.getItem('customerToken')).toBeNull();
    // On to the account: the link's page is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Jetzt anmelden' })).toBeNull());
    expect(screen.queryByText(/in diesem Tab als anna@example.org an/)).toBeNull();
  });

  it('says when the link is used up or expired, and offers a new one for the address', async () => {
    fakeApi({ 'POST /api/customer/login-link': apiError(400, 'INVALID_TOKEN') });
    renderArea(link);
    fireEvent.click(await screen.findByRole('button', { name: 'Jetzt anmelden' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Der Link ist ungültig, abgelaufen oder wurde schon verwendet.');
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole('link', { name: 'Neuen Login-Link anfordern' }).getAttribute('href')).toBe(
      '/login?email=anna%40example.org',
    );
    expect(screen.queryByRole('button', { name: 'Jetzt anmelden' })).toBeNull();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('leaves the link unused in a tab that has a session, and says why (docs/decisions/0077-login-links.md)', async () => {
    useAuthStore.getState().logIn('mine', true);
    const calls = fakeApi({ 'GET /api/customer/me': { body: { result: customer({ email: 'ich@example.org' }) } } });
    renderArea(link);
    expect(await screen.findByText(/deshalb wurde der Link nicht verwendet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Jetzt anmelden' })).toBeNull();
    expect(calls.filter((call) => call.url.includes('login-link'))).toEqual([]);
    expect(useAuthStore.getState().token).toBe('mine');
  });
});
