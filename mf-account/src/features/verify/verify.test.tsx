import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useAuthStore } from '@shop/shared';
import { answerAfterFocusFixup, apiError, customer, fakeApi, renderArea, startI18n } from '../../test/support.tsx';
import { VerifyEmailPage } from './VerifyEmailPage.tsx';

beforeAll(startI18n);
beforeEach(() => useAuthStore.getState().logOut());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Where() {
  const { pathname, state } = useLocation();
  return (
    <p data-testid="where" data-state={JSON.stringify(state)}>
      {pathname}
    </p>
  );
}

describe('/verify-email', () => {
  it('sends the link once even under StrictMode, then goes on to /account-data after 5 s when logged in', async () => {
    useAuthStore.getState().logIn('tok', false);
    const calls = fakeApi({
      'POST /api/customer/verify-email': { body: { result: customer() } },
      'GET /api/customer/me': { body: { result: customer() } },
    });
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/verify-email?token=abc&email=anna%40example.org']}>
          <Routes>
            <Route path="/verify-email" element={<VerifyEmailPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </StrictMode>,
    );
    expect(await screen.findByText(/Vielen Dank! Ihre E-Mail-Adresse ist bestätigt/)).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/customer/verify-email')).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ token: 'abc', email: 'anna@example.org' });
    expect(screen.queryByTestId('where')).toBeNull();
    expect(await screen.findByTestId('where', {}, { timeout: 6000 })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/account-data');
    expect(screen.getByTestId('where').dataset.state).toBe('{"registrationSuccess":true}');
  }, 10_000);

  it('leads back to the page the registration came from: through the login when logged out, straight when in', async () => {
    fakeApi({
      'POST /api/customer/verify-email': { body: { result: customer() } },
      'GET /api/customer/me': { body: { result: customer() } },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    renderArea('/verify-email?token=back1&email=anna%40example.org&redirect=%2Flevel-test%2Fcomplete');
    expect(await screen.findByText(/Ihre E-Mail-Adresse ist bestätigt/)).toBeTruthy();
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(5000));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/login?redirect=%2Flevel-test%2Fcomplete'),
    );
    cleanup();
    useAuthStore.getState().logIn('tok', false);
    renderArea('/verify-email?token=back2&email=anna%40example.org&redirect=%2Flevel-test%2Fcomplete');
    expect(await screen.findByText(/Ihre E-Mail-Adresse ist bestätigt/)).toBeTruthy();
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(5000));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/level-test/complete'));
  });

  it('sends no one to another site from the link: a foreign redirect counts as none', async () => {
    fakeApi({ 'POST /api/customer/verify-email': { body: { result: customer() } } });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    renderArea('/verify-email?token=back3&email=anna%40example.org&redirect=%2F%2Fevil.example');
    expect(await screen.findByText(/Ihre E-Mail-Adresse ist bestätigt/)).toBeTruthy();
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(5000));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/login\?redirect=%2F[a-z]/));
    expect(screen.getByTestId('location').textContent).not.toContain('evil');
  });

  it('shows the invalid-link error without token or e-mail, or when the server says so', async () => {
    const calls = fakeApi({ 'POST /api/customer/verify-email': apiError(400, 'INVALID_TOKEN') });
    renderArea('/verify-email?email=anna%40example.org');
    expect(await screen.findByText('Der Link ist ungültig oder abgelaufen.')).toBeTruthy();
    expect(calls).toEqual([]);
    cleanup();
    renderArea('/verify-email?token=used&email=anna%40example.org');
    expect(await screen.findByText('Der Link ist ungültig oder abgelaufen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Erneut registrieren' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Kontaktformular' }).getAttribute('href')).toMatch(/^https?:\/\//);
  });

  it('shows the invalid-link error when the link was damaged on its way (the server refuses its address)', async () => {
    fakeApi({ 'POST /api/customer/verify-email': apiError(400, 'VALIDATION_ERROR', { email: 'email' }) });
    renderArea('/verify-email?token=abc&email=anna%40example');
    expect(await screen.findByText('Der Link ist ungültig oder abgelaufen.')).toBeTruthy();
  });
});

/**
 * Some screen readers announce a live region only when its content changes, not when it is inserted with content:
 * the page keeps one status region from the first render and changes what it says (no second region inside it).
 */
async function expectOneStatusFromLoadingToSuccess(loading: string, success: RegExp) {
  const status = screen.getByRole('status');
  expect(status.textContent).toBe(loading);
  await waitFor(() => expect(status.textContent).toMatch(success));
  expect(screen.getAllByRole('status')).toEqual([status]);
  expect(status.querySelector('[role="status"], [role="alert"], [aria-live]')).toBeNull();
}

describe('the status region of a link page', () => {
  it('/verify-email says loading and then success in the same status region', async () => {
    fakeApi({ 'POST /api/customer/verify-email': { body: { result: customer() } } });
    renderArea('/verify-email?token=abc&email=anna%40example.org');
    await expectOneStatusFromLoadingToSuccess(
      'Ihre E-Mail-Adresse wird bestätigt …',
      /Vielen Dank! Ihre E-Mail-Adresse ist bestätigt/,
    );
  });

  it('/verify-email-change says loading and then success in the same status region', async () => {
    fakeApi({ 'POST /api/customer/verify-email-change': { body: { result: customer() } } });
    renderArea('/verify-email-change?token=abc&email=neu%40example.org');
    await expectOneStatusFromLoadingToSuccess(
      'Ihre neue E-Mail-Adresse wird bestätigt …',
      /Ihre neue E-Mail-Adresse ist bestätigt/,
    );
  });

  it('shows a failure as an alert beside the emptied status region, not inside it', async () => {
    fakeApi({ 'POST /api/customer/verify-email-change': apiError(409, 'EMAIL_TAKEN') });
    // A token of its own: a link's request is kept for the page's life (useLinkAction.ts).
    renderArea('/verify-email-change?token=taken&email=neu%40example.org');
    const status = screen.getByRole('status');
    const alert = await screen.findByRole('alert');
    expect(status.isConnected).toBe(true);
    expect(status.textContent).toBe('');
    expect(status.contains(alert)).toBe(false);
  });
});

describe('/verify-email-change', () => {
  it('goes to /login after 2 s when logged out', async () => {
    fakeApi({ 'POST /api/customer/verify-email-change': { body: { result: customer() } } });
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    renderArea('/verify-email-change?token=abc&email=neu%40example.org');
    expect(await screen.findByText(/Ihre neue E-Mail-Adresse ist bestätigt/)).toBeTruthy();
    // The token left the address bar at once.
    expect(screen.getByTestId('location').textContent).toBe('/verify-email-change');
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(1900));
    expect(screen.getByTestId('location').textContent).toContain('/verify-email-change');
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    // The login page says the address is confirmed (the shell shows the notice the navigation carries).
    expect(JSON.parse(screen.getByTestId('location').getAttribute('data-state')!)).toEqual({
      pageNotice: 'emailChanged',
    });
  });
});

describe('/verify-email-waiting', () => {
  it('polls the customer every 5 s and moves on once verified; resends on request', async () => {
    useAuthStore.getState().logIn('tok', false);
    const calls = fakeApi({
      'GET /api/customer/me': [
        { body: { result: customer({ isEmailVerified: false }) } },
        { body: { result: customer({ isEmailVerified: false }) } },
        { body: { result: customer() } },
      ],
      'POST /api/customer/resend-verification': { body: { result: { success: true } } },
    });
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    renderArea('/verify-email-waiting?redirect=%2Fcheckout&email=anna%40example.org');
    expect(
      await screen.findByText(
        'Wir haben eine E-Mail an anna@example.org geschickt. Bitte klicken Sie auf den Link darin.',
      ),
    ).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'E-Mail erneut senden' }).click());
    expect(await screen.findByText('Wir haben Ihnen die Bestätigungs-E-Mail erneut geschickt.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'anna@example.org', locale: 'de' });
    await act(async () => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('location').textContent).toContain('/verify-email-waiting');
    await act(async () => vi.advanceTimersByTime(5000));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/checkout'));
    expect(calls.filter((c) => c.url === '/api/customer/me').length).toBe(3);
  });

  it('hands the focus to the answer of a resend, as the disabled button dropped it (WCAG 2.4.3)', async () => {
    fakeApi({
      'POST /api/customer/resend-verification': answerAfterFocusFixup(apiError(429, 'TOO_MANY_REQUESTS')),
    });
    renderArea('/verify-email-waiting?redirect=%2Faccount-data&email=anna%40example.org');
    const resend = await screen.findByRole('button', { name: 'E-Mail erneut senden' });
    resend.focus();
    fireEvent.click(resend);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Die Bestätigungs-E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
    );
    expect(document.activeElement).toBe(alert);
  });

  it('lets a logged-in customer log out, since every other page sends them back here', async () => {
    useAuthStore.getState().logIn('tok', false);
    const calls = fakeApi({
      'GET /api/customer/me': { body: { result: customer({ isEmailVerified: false }) } },
      'POST /api/customer/logout': { body: { result: { success: true } } },
    });
    renderArea('/verify-email-waiting?redirect=%2Faccount-data&email=anna%40example.org');
    act(() => screen.getByRole('button', { name: 'Abmelden' }).click());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(useAuthStore.getState().token).toBeNull();
    expect(calls.some((c) => c.url === '/api/customer/logout')).toBe(true);
  });
});

describe('the session guard', () => {
  it('sends an unverified customer away from an account page to the waiting page', async () => {
    useAuthStore.getState().logIn('tok', false);
    fakeApi({ 'GET /api/customer/me': { body: { result: customer({ isEmailVerified: false }) } } });
    renderArea('/account-address');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/verify-email-waiting?redirect=%2Faccount-address&email=anna%40example.org',
      ),
    );
  });

  it('lets an unverified customer withdraw from a contract (the law wants it reachable from every page)', async () => {
    useAuthStore.getState().logIn('tok', false);
    fakeApi({ 'GET /api/customer/me': { body: { result: customer({ isEmailVerified: false }) } } });
    renderArea('/withdrawal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /E-Mail/ }) as HTMLInputElement).value).toBe('anna@example.org'),
    );
    expect(screen.getByTestId('location').textContent).toBe('/withdrawal');
  });
});
