import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@shop/shared';
import { answerAfterFocusFixup, apiError, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
beforeEach(() => useAuthStore.getState().logOut());
afterEach(cleanup);

const submit = async () => {
  fireEvent.change(await screen.findByLabelText(/^Passwort/), { target: { value: 'Sprache1!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Kundenkonto anlegen' }));
};

describe('RegisterPage', () => {
  it('prefills from the query, logs in with the returned token and waits for the verification', async () => {
    const calls = fakeApi({ 'POST /api/customer/register': { body: { result: { token: 'tok' } } } });
    renderArea('/register?firstname=Lena&lastname=Sommer&email=lena%40example.org&redirect=/checkout');
    expect(((await screen.findByLabelText(/^Vorname/)) as HTMLInputElement).value).toBe('Lena');
    await submit();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/verify-email-waiting?redirect=%2Fcheckout&email=lena%40example.org',
      ),
    );
    expect(calls[0]!.body).toEqual({
      firstname: 'Lena',
      lastname: 'Sommer',
      email: 'lena@example.org',
      password: 'Sprache1!',
      locale: 'de',
      // The verification link leads back here (docs/decisions/0126-from-the-level-test-to-a-booking.md).
      redirect: '/checkout',
    });
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok', remember: false });
  });

  it('shows the success panel with a login link when no token comes back (what the shop API answers)', async () => {
    fakeApi({ 'POST /api/customer/register': { body: { result: {} } } });
    renderArea('/register?firstname=Lena&lastname=Sommer&email=lena%40example.org&redirect=/level-test/complete');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Fast geschafft!' })).toBeTruthy();
    expect(screen.getByText(/Bitte prüfen Sie Ihr Postfach/)).toBeTruthy();
    // The login keeps where the customer was going.
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe(
      '/login?redirect=%2Flevel-test%2Fcomplete',
    );
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('on failure asks to check the input or log in, and marks the field the server named', async () => {
    fakeApi({ 'POST /api/customer/register': apiError(400, 'VALIDATION_ERROR', { lastname: 'control_characters' }) });
    renderArea('/register?firstname=Lena&lastname=Sommer&email=lena%40example.org');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Bitte prüfen Sie Ihre Eingaben oder melden Sie sich an',
    );
    expect(screen.getByText('Diese Eingabe enthält unzulässige Steuerzeichen.')).toBeTruthy();
  });

  it('refuses a weak password before sending', async () => {
    const calls = fakeApi({});
    renderArea('/register?firstname=Lena&lastname=Sommer&email=lena%40example.org');
    fireEvent.change(await screen.findByLabelText(/^Passwort/), { target: { value: 'abcdefgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kundenkonto anlegen' }));
    expect(await screen.findByText(/Das Passwort muss einen Buchstaben, eine Ziffer/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('states the password rule before typing, tells generators, and names a refused character', async () => {
    const calls = fakeApi({});
    renderArea('/register?firstname=Lena&lastname=Sommer&email=lena%40example.org');
    const field = (await screen.findByLabelText(/^Passwort/)) as HTMLInputElement;
    const hint = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toContain('kein Bindestrich, Punkt, Unterstrich oder Leerzeichen');
    expect(field.minLength).toBe(8);
    expect(field.maxLength).toBe(128);
    expect(field.getAttribute('passwordrules')).toBe(
      'minlength: 8; maxlength: 128; required: lower, upper; required: digit; required: [@$!%*?&#]; ' +
        'allowed: lower, upper, digit, [@$!%*?&#];',
    );
    // A password manager's suggestion with characters outside the spec's set: the first refused one is named.
    fireEvent.change(field, { target: { value: 'Kcx7-pQ2r.Lm9_Tz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kundenkonto anlegen' }));
    expect(await screen.findByText(/^Das Zeichen „-“ ist in Passwörtern nicht erlaubt\./)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Kcx7 pQ2r' } });
    expect(await screen.findByText(/^Leerzeichen sind in Passwörtern nicht erlaubt\./)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('refuses a name made only of invisible characters as empty, before sending', async () => {
    const calls = fakeApi({});
    renderArea('/register?lastname=Sommer&email=lena%40example.org');
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: '\u200b\u200d\u2060\ufeff' } });
    await submit();
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(screen.getByLabelText(/^Vorname/).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('hands the focus to the answer: the success notice, or the failure one (WCAG 2.4.3)', async () => {
    fakeApi({ 'POST /api/customer/register': answerAfterFocusFixup({ body: { result: {} } }) });
    renderArea('/register?firstname=Lena&lastname=Sommer&email=lena%40example.org');
    await submit();
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Bitte prüfen Sie Ihr Postfach/));
    cleanup();
    fakeApi({ 'POST /api/customer/register': answerAfterFocusFixup(apiError(429, 'TOO_MANY_REQUESTS')) });
    renderArea('/register?firstname=Lena&lastname=Sommer&email=lena%40example.org');
    await submit();
    const alert = await screen.findByRole('alert');
    expect(document.activeElement).toBe(alert);
  });
});
