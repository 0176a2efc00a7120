import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { adoptTokenFromUrl, configureApi, useAuthStore } from '@shop/shared';
import { customerFixture } from '@shop/shared/testing';
import { startShellI18n } from '../../i18n/testing.ts';
import { LinkLoginNotice } from './LinkLoginNotice.tsx';
import { SessionGuard } from './SessionGuard.tsx';

beforeAll(startShellI18n);
beforeEach(() => {
  useAuthStore.getState().logOut();
  configureApi({ token: () => useAuthStore.getState().token });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

/** The shell's frame in small: the session guard (it loads the customer), the notice at the top of `main`. */
const renderFrame = (path = '/courses') =>
  act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <SessionGuard />
        <main id="main" tabIndex={-1}>
          <LinkLoginNotice />
          <Routes>
            <Route path="/" element={<h1>Start</h1>} />
            <Route path="*" element={<h1>Kurse</h1>} />
          </Routes>
          <Where />
        </main>
      </MemoryRouter>,
    );
  });

/** The API: who the token's customer is, and the logout. */
function fakeApi(email: string | null) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/customer/me')
      return email
        ? Response.json({ result: customerFixture({ email }) })
        : new Response('{"error":{"code":"UNAVAILABLE","message":"x"}}', { status: 503 });
    if (url === '/api/customer/logout') return Response.json({ result: { success: true } });
    return new Response('{}', { status: 404 });
  });
}
const follow = (link: string) => adoptTokenFromUrl({ href: `http://shop.test${link}` }, window.history);

describe('LinkLoginNotice', () => {
  it('names the account a customerToken link logged in, politely and without moving the focus, with a logout', async () => {
    fakeApi('mallory@example.org');
    follow('/courses?customerToken=linked');
    await renderFrame();
    const notice = await screen.findByText(/Sie sind jetzt als mallory@example\.org angemeldet\./);
    const status = notice.closest('[role="status"]');
    expect(status).not.toBeNull();
    expect(status!.textContent).toContain('Nicht Sie?');
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
    // It answers no act of the visitor's: the page's start stays where the browser puts it (record 0064).
    expect(document.activeElement).toBe(document.body);
  });

  it('"Abmelden" ends the session in this browser and on the server, goes home, and keeps the focus in the page', async () => {
    const fetch = fakeApi('mallory@example.org');
    follow('/checkout?customerToken=linked');
    await renderFrame('/checkout');
    const logout = await screen.findByRole('button', { name: 'Abmelden' });
    logout.focus();
    await act(async () => fireEvent.click(logout));
    expect(useAuthStore.getState().token).toBeNull();
    expect(fetch).toHaveBeenCalledWith(
      '/api/customer/logout',
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer linked' }) }),
    );
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(screen.queryByText(/angemeldet/)).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('says so when a link came while another customer was logged in, whose session stays', async () => {
    fakeApi('ana@example.org');
    useAuthStore.getState().logIn('ana', true);
    follow('/checkout?customerToken=mallory');
    await renderFrame('/checkout');
    const notice = await screen.findByText(/Sie sind bereits als ana@example\.org angemeldet/);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(notice.textContent).toContain('der Anmeldelink nicht verwendet');
    expect(useAuthStore.getState().token).toBe('ana');
    expect(screen.queryByRole('button', { name: 'Abmelden' })).toBeNull();

    const close = screen.getByRole('button', { name: 'Schließen' });
    close.focus();
    await act(async () => fireEvent.click(close));
    expect(screen.queryByText(/bereits als/)).toBeNull();
    expect(useAuthStore.getState().token).toBe('ana');
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it("still tells of the login when the account's address cannot be loaded", async () => {
    fakeApi(null);
    follow('/courses?customerToken=linked');
    await renderFrame();
    expect(await screen.findByText(/Sie sind jetzt über einen Anmeldelink angemeldet\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('shows nothing after a login by form, or without a session', async () => {
    fakeApi('ana@example.org');
    await renderFrame();
    act(() => useAuthStore.getState().logIn('by-form', false));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/angemeldet/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
