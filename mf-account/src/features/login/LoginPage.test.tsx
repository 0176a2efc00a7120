import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@shop/shared';
import { answerAfterFocusFixup, apiError, customer, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.getState().logOut();
});
afterEach(cleanup);

async function logIn(email: string, password: string, remember = false) {
  fireEvent.change(await screen.findByLabelText(/^E-Mail-Adresse/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Passwort/), { target: { value: password } });
  if (remember) fireEvent.click(screen.getByLabelText('Angemeldet bleiben'));
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('LoginPage', () => {
  it('checks the fields before sending, with the errors linked to them', async () => {
    const calls = fakeApi({});
    renderArea('/login');
    await logIn('', '');
    const email = screen.getByLabelText(/^E-Mail-Adresse/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const errorId = email.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)?.textContent).toBe('Bitte füllen Sie dieses Feld aus.');
    expect(calls).toEqual([]);
  });

  it('shows the docs/product-rules.md#errors alert for wrong credentials and stays logged out', async () => {
    fakeApi({ 'POST /api/customer/login': apiError(401, 'INVALID_CREDENTIALS') });
    renderArea('/login');
    await logIn('anna@example.org', 'Falsch1!x');
    expect((await screen.findByRole('alert')).textContent).toBe('Die E-Mail-Adresse oder das Passwort ist falsch.');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('hands the focus to the failure notice once the answer is in, as the disabled button dropped it (WCAG 2.4.3)', async () => {
    fakeApi({ 'POST /api/customer/login': answerAfterFocusFixup(apiError(401, 'INVALID_CREDENTIALS')) });
    renderArea('/login');
    await logIn('anna@example.org', 'Falsch1!x');
    const alert = await screen.findByRole('alert');
    expect(document.activeElement).toBe(alert);
  });

  it('offers to resend the verification when the server says the address is not verified', async () => {
    const calls = fakeApi({
      'POST /api/customer/login': apiError(403, 'EMAIL_NOT_VERIFIED'),
      'POST /api/customer/resend-verification': { body: { result: { success: true } } },
    });
    renderArea('/login');
    await logIn('Anna@Example.org', 'Sprache1!');
    fireEvent.click(await screen.findByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await screen.findByText('Wir haben Ihnen die Bestätigungs-E-Mail erneut geschickt.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ body: { email: 'anna@example.org', locale: 'de' } });
  });

  it('sends the verification mail once however often "resend" is pressed while it is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    const calls = fakeApi({
      'POST /api/customer/login': apiError(403, 'EMAIL_NOT_VERIFIED'),
      'POST /api/customer/resend-verification': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderArea('/login');
    await logIn('anna@example.org', 'Sprache1!');
    const resend = await screen.findByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' });
    fireEvent.click(resend);
    fireEvent.click(resend);
    fireEvent.click(resend);
    await waitFor(() => expect((resend as HTMLButtonElement).disabled).toBe(true));
    expect(calls.filter((call) => call.url.endsWith('/resend-verification'))).toHaveLength(1);
    // The disabled button dropped the focus to the page (HTML's focus fixup, which the test DOM leaves out): the
    // answer takes it (docs/decisions/0064-focus-moves-in-layout-effects.md).
    (document.activeElement as HTMLElement | null)?.blur();
    answer(new Response(JSON.stringify({ result: { success: true } }), { status: 200 }));
    const sent = await screen.findByText('Wir haben Ihnen die Bestätigungs-E-Mail erneut geschickt.');
    expect(document.activeElement).toBe(sent);
    expect((resend as HTMLButtonElement).disabled).toBe(false);
  });

  it('with remember-me keeps the token in localStorage and goes to the origin a protected page left', async () => {
    fakeApi({
      'POST /api/customer/login': { body: { result: { token: 'tok' } } },
      'GET /api/customer/me': { body: { result: customer() } },
    });
    renderArea({ pathname: '/login', state: { from: '/account-level' } });
    await logIn('anna@example.org', 'Sprache1!', true);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account-level'));
    expect(localStorage.getItem('customerToken')).toBe('tok');
    expect(sessionStorage.getItem('customerToken')).toBeNull();
  });

  it('sends an unverified customer to the waiting page with the redirect target and address', async () => {
    fakeApi({
      'POST /api/customer/login': { body: { result: { token: 'tok' } } },
      'GET /api/customer/me': { body: { result: customer({ isEmailVerified: false }) } },
    });
    renderArea('/login?redirect=/checkout');
    await logIn('anna@example.org', 'Sprache1!');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/verify-email-waiting?redirect=%2Fcheckout&email=anna%40example.org',
      ),
    );
    expect(sessionStorage.getItem('customerToken')).toBe('tok');
  });

  it('keeps the target in the link to registration, from the query or the origin a protected page left', async () => {
    fakeApi({});
    renderArea({ pathname: '/login', state: { from: '/account-order' } });
    expect((await screen.findByRole('link', { name: 'Jetzt registrieren' })).getAttribute('href')).toBe(
      '/register?redirect=%2Faccount-order',
    );
    cleanup();
    renderArea('/login?redirect=/checkout');
    expect((await screen.findByRole('link', { name: 'Jetzt registrieren' })).getAttribute('href')).toBe(
      '/register?redirect=%2Fcheckout',
    );
    cleanup();
    renderArea('/login');
    expect((await screen.findByRole('link', { name: 'Jetzt registrieren' })).getAttribute('href')).toBe('/register');
  });

  it('ignores a redirect to another site', async () => {
    fakeApi({
      'POST /api/customer/login': { body: { result: { token: 'tok' } } },
      'GET /api/customer/me': { body: { result: customer() } },
    });
    renderArea('/login?redirect=//evil.example');
    await logIn('anna@example.org', 'Sprache1!');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account-data'));
  });
  it('sends a login link by mail to the address typed, without the password, and says so alike for every address', async () => {
    const calls = fakeApi({ 'POST /api/customer/request-login-link': { body: { result: { success: true } } } });
    renderArea('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Login-Link per E-Mail senden' }));
    // The address is needed first: the field says so and nothing is sent.
    await waitFor(() => expect(screen.getByLabelText(/^E-Mail-Adresse/).getAttribute('aria-invalid')).toBe('true'));
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^E-Mail-Adresse/), { target: { value: 'Anna@Example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login-Link per E-Mail senden' }));
    const sent = await screen.findByRole('status');
    expect(sent.textContent).toContain('haben wir Ihnen einen Anmeldelink geschickt');
    expect(sent.textContent).toContain('15 Minuten');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/customer/request-login-link',
      body: { email: 'anna@example.org', locale: 'de' },
    });
  });

  it('points to the login link when the account refuses logins for now (429)', async () => {
    fakeApi({ 'POST /api/customer/login': apiError(429, 'TOO_MANY_REQUESTS') });
    renderArea('/login');
    await logIn('anna@example.org', 'Sprache1!');
    expect((await screen.findByRole('alert')).textContent).toContain('Login-Link per E-Mail');
  });

  it('takes the address from the query, for a new login link after one ran out', async () => {
    fakeApi({});
    renderArea('/login?email=anna%40example.org');
    expect(((await screen.findByLabelText(/^E-Mail-Adresse/)) as HTMLInputElement).value).toBe('anna@example.org');
  });
});
