import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@shop/shared';
import { answerAfterFocusFixup, apiError, customer, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
beforeEach(() => useAuthStore.getState().logIn('tok', true));
afterEach(cleanup);

const balances = {
  body: {
    result: [
      { typeId: 2, balance: 4 },
      { typeId: 3, balance: 7 },
    ],
  },
};

describe('DataPage', () => {
  it('shows the side panel: greeting, level badge, contingents; and the registration banner once', async () => {
    fakeApi({ 'GET /api/customer/me': { body: { result: customer() } }, 'GET /api/customer/me/balances': balances });
    renderArea({ pathname: '/account-data', state: { registrationSuccess: true } });
    expect(await screen.findByRole('heading', { name: 'Hallo, A. Muster!' })).toBeTruthy();
    expect(screen.getByText('B1').className).toBe('account-badge');
    await waitFor(() => expect(screen.getByTestId('balance-conversation').textContent).toBe('7'));
    expect(screen.getByTestId('balance-flexible').textContent).toBe('4');
    expect(screen.getByText('Willkommen! Ihre Registrierung ist abgeschlossen.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').dataset.state).toBe('null'));
  });

  it('shows no contingent before the balances are in: a "0" there would be a wrong answer', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/balances': () => new Promise<Response>(() => {}),
    });
    renderArea('/account-data');
    await screen.findByRole('heading', { name: 'Hallo, A. Muster!' });
    expect(screen.getByText('Guthaben wird geladen …').getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('balance-conversation')).toBeNull();
    expect(screen.queryByTestId('balance-flexible')).toBeNull();
  });

  it('sends only the changed fields and shows the e-mail-change banner when the server asks for confirmation', async () => {
    const calls = fakeApi({
      'GET /api/customer/me': [
        { body: { result: customer() } },
        { body: { result: customer({ displayName: 'Anni' }) } },
      ],
      'GET /api/customer/me/balances': balances,
      'PUT /api/customer/me/update': { body: { result: { emailChangeRequested: true } } },
    });
    renderArea('/account-data');
    fireEvent.change(await screen.findByLabelText('Anzeigename (optional)'), { target: { value: 'Anni' } });
    fireEvent.change(screen.getByLabelText(/^E-Mail-Adresse/), { target: { value: 'Neu@Example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daten speichern' }));
    expect(
      await screen.findByText(/Wir haben einen Bestätigungslink an Ihre neue E-Mail-Adresse geschickt/),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ displayName: 'Anni', email: 'neu@example.org' });
    expect(await screen.findByRole('heading', { name: 'Hallo, Anni!' })).toBeTruthy();
  });

  it('shows the saved banner and keeps the form when the save went through but reloading the customer fails', async () => {
    fakeApi({
      'GET /api/customer/me': [{ body: { result: customer() } }, { status: 503, body: {} }],
      'GET /api/customer/me/balances': balances,
      'PUT /api/customer/me/update': { body: { result: { emailChangeRequested: false } } },
    });
    renderArea('/account-data');
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Anne' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daten speichern' }));
    expect(await screen.findByText('Ihre Daten wurden gespeichert.')).toBeTruthy();
    expect(screen.queryByText('Die Daten konnten nicht geladen werden.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Daten speichern' })).toBeTruthy();
  });

  it('shows what was saved, not the data before, when the save went through but reloading the customer fails', async () => {
    const calls = fakeApi({
      'GET /api/customer/me': [{ body: { result: customer() } }, { status: 503, body: {} }],
      'GET /api/customer/me/balances': balances,
      'PUT /api/customer/me/update': { body: { result: { emailChangeRequested: true } } },
    });
    renderArea('/account-data');
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Anne' } });
    fireEvent.change(screen.getByLabelText(/^E-Mail-Adresse/), { target: { value: 'neu@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daten speichern' }));
    expect(await screen.findByText(/Wir haben einen Bestätigungslink/)).toBeTruthy();
    // The name is saved: the form keeps it. The address changes only once confirmed: the form shows the current one.
    expect((screen.getByLabelText(/^Vorname/) as HTMLInputElement).value).toBe('Anne');
    expect((screen.getByLabelText(/^E-Mail-Adresse/) as HTMLInputElement).value).toBe(customer().email);
    // Saving again does not mail the new address a second time.
    fireEvent.click(screen.getByRole('button', { name: 'Daten speichern' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]!.body).toEqual({ firstname: 'Anne' });
  });

  it('shows the error banner when saving fails', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/balances': balances,
      'PUT /api/customer/me/update': { status: 500, body: {} },
    });
    renderArea('/account-data');
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Anne' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daten speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ihre Daten konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    );
  });

  it('password form: disabled while the passwords differ; the rotated token replaces the old one', async () => {
    const calls = fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/balances': balances,
      'PUT /api/customer/me/update-password': [
        apiError(400, 'WRONG_PASSWORD', { currentPassword: 'wrong_password' }),
        { body: { result: { token: 'rotated' } } },
      ],
    });
    renderArea('/account-data');
    const button = await screen.findByRole('button', { name: 'Passwort ändern' });
    fireEvent.change(screen.getByLabelText(/^Aktuelles Passwort/), { target: { value: 'Sprache1!' } });
    fireEvent.change(screen.getByLabelText(/^Neues Passwort(?! wiederholen)/), { target: { value: 'Anders#Pass1' } });
    fireEvent.change(screen.getByLabelText(/^Neues Passwort wiederholen/), { target: { value: 'Anders#Pass2' } });
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Neues Passwort wiederholen/), { target: { value: 'Anders#Pass1' } });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(button);
    expect(await screen.findByText('Das aktuelle Passwort ist nicht korrekt.')).toBeTruthy();
    expect(screen.getByText(/Das Passwort konnte nicht geändert werden/)).toBeTruthy();
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText('Ihr Passwort wurde geändert. Andere Geräte wurden abgemeldet.')).toBeTruthy();
    expect(useAuthStore.getState()).toMatchObject({ token: 'rotated', remember: true });
    expect(localStorage.getItem('customerToken')).toBe('rotated');
    expect((screen.getByLabelText(/^Aktuelles Passwort/) as HTMLInputElement).value).toBe('');
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({
      currentPassword: 'Sprache1!',
      newPassword: 'Anders#Pass1',
    });
  });

  it('says "too many attempts" on a 429, not "check your current password" nor "try again" (which would fail again)', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/balances': balances,
      'PUT /api/customer/me/update': apiError(429, 'TOO_MANY_REQUESTS'),
      'PUT /api/customer/me/update-password': apiError(429, 'TOO_MANY_REQUESTS'),
    });
    renderArea('/account-data');
    fireEvent.change(await screen.findByLabelText(/^E-Mail-Adresse/), { target: { value: 'neu@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daten speichern' }));
    const tooMany = 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.';
    expect((await screen.findByRole('alert')).textContent).toBe(tooMany);
    // What was typed stays.
    expect((screen.getByLabelText(/^E-Mail-Adresse/) as HTMLInputElement).value).toBe('neu@example.org');

    fireEvent.change(screen.getByLabelText(/^Aktuelles Passwort/), { target: { value: 'Sprache1!' } });
    fireEvent.change(screen.getByLabelText(/^Neues Passwort(?! wiederholen)/), { target: { value: 'Anders#Pass1' } });
    fireEvent.change(screen.getByLabelText(/^Neues Passwort wiederholen/), { target: { value: 'Anders#Pass1' } });
    const change = screen.getByRole('button', { name: 'Passwort ändern' });
    await waitFor(() => expect((change as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(change);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(tooMany));
    expect(screen.queryByText(/Bitte prüfen Sie Ihr aktuelles Passwort/)).toBeNull();
    expect((screen.getByLabelText(/^Aktuelles Passwort/) as HTMLInputElement).value).toBe('Sprache1!');
  });

  it('password form: says that it saves while the change is on its way, like the profile form', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/balances': balances,
      'PUT /api/customer/me/update-password': () => new Promise<Response>(() => {}),
    });
    renderArea('/account-data');
    fireEvent.change(await screen.findByLabelText(/^Aktuelles Passwort/), { target: { value: 'Sprache1!' } });
    fireEvent.change(screen.getByLabelText(/^Neues Passwort(?! wiederholen)/), { target: { value: 'Anders#Pass1' } });
    fireEvent.change(screen.getByLabelText(/^Neues Passwort wiederholen/), { target: { value: 'Anders#Pass1' } });
    const change = screen.getByRole('button', { name: 'Passwort ändern' });
    await waitFor(() => expect((change as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(change);
    await waitFor(() => expect(change.textContent).toBe('Wird gespeichert …'));
    expect((change as HTMLButtonElement).disabled).toBe(true);
  });

  it('hands the focus to the answer of every save, the same answer again included (WCAG 2.4.3)', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/balances': balances,
      'PUT /api/customer/me/update': answerAfterFocusFixup({ body: { result: { emailChangeRequested: false } } }),
      'PUT /api/customer/me/update-password': answerAfterFocusFixup({ body: { result: { token: 'rotated' } } }),
    });
    renderArea('/account-data');
    const save = await screen.findByRole('button', { name: 'Daten speichern' });
    for (const firstname of ['Anne', 'Annette']) {
      fireEvent.change(screen.getByLabelText(/^Vorname/), { target: { value: firstname } });
      save.focus();
      fireEvent.click(save);
      await waitFor(() => expect(document.activeElement?.textContent).toBe('Ihre Daten wurden gespeichert.'));
      expect(document.activeElement?.getAttribute('role')).toBe('status');
    }

    fireEvent.change(screen.getByLabelText(/^Aktuelles Passwort/), { target: { value: 'Sprache1!' } });
    fireEvent.change(screen.getByLabelText(/^Neues Passwort(?! wiederholen)/), { target: { value: 'Anders#Pass1' } });
    fireEvent.change(screen.getByLabelText(/^Neues Passwort wiederholen/), { target: { value: 'Anders#Pass1' } });
    const change = screen.getByRole('button', { name: 'Passwort ändern' });
    await waitFor(() => expect((change as HTMLButtonElement).disabled).toBe(false));
    change.focus();
    fireEvent.click(change);
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Ihr Passwort wurde geändert. Andere Geräte wurden abgemeldet.'),
    );
  });
});
