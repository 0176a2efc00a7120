import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { afterResetDelayMs } from './PasswordNewPage.tsx';
import { answerAfterFocusFixup, apiError, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const strongPassword = 'Sonnenschein#2026';

async function submitNewPassword(search: string) {
  renderArea(`/password-new?${search}`);
  fireEvent.change(await screen.findByLabelText(/^Neues Passwort(?! wiederholen)/), {
    target: { value: strongPassword },
  });
  fireEvent.change(screen.getByLabelText(/^Neues Passwort wiederholen/), { target: { value: strongPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
}

describe('/password-new', () => {
  it('calls a link damaged on its way (the server refuses its address) invalid, and offers a new one', async () => {
    fakeApi({
      'POST /api/customer/reset-password': {
        status: 400,
        body: { error: { code: 'VALIDATION_ERROR', message: 'Invalid request', fields: { email: 'email' } } },
      },
    });
    await submitNewPassword('token=abc&email=ana%40example');
    expect(await screen.findByText('Der Link ist ungültig oder abgelaufen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' }).getAttribute('href')).toBe('/password-reset');
    expect(screen.queryByRole('button', { name: 'Passwort speichern' })).toBeNull();
  });

  it('calls a used link invalid; any other failure keeps the form to try again', async () => {
    fakeApi({ 'POST /api/customer/reset-password': apiError(400, 'INVALID_TOKEN') });
    await submitNewPassword('token=used&email=ana%40example.org');
    expect(await screen.findByText('Der Link ist ungültig oder abgelaufen.')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();
    fakeApi({ 'POST /api/customer/reset-password': apiError(503, 'SERVICE_UNAVAILABLE') });
    await submitNewPassword('token=abc&email=ana%40example.org');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText('Der Link ist ungültig oder abgelaufen.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Passwort speichern' })).toBeTruthy();
  });

  it('hands the focus to the answer, success or failure (WCAG 2.4.3)', async () => {
    fakeApi({ 'POST /api/customer/reset-password': answerAfterFocusFixup({ body: { result: { success: true } } }) });
    await submitNewPassword('token=abc&email=ana%40example.org');
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Ihr Passwort wurde geändert/));
    cleanup();
    vi.restoreAllMocks();
    fakeApi({ 'POST /api/customer/reset-password': answerAfterFocusFixup(apiError(503, 'SERVICE_UNAVAILABLE')) });
    await submitNewPassword('token=abc&email=ana%40example.org');
    const alert = await screen.findByRole('alert');
    expect(document.activeElement).toBe(alert);
  });

  it('announces the live mismatch, which disables the button and so takes it out of the tab order (WCAG 4.1.3)', async () => {
    fakeApi({});
    renderArea('/password-new?token=abc&email=ana%40example.org');
    const first = await screen.findByLabelText(/^Neues Passwort(?! wiederholen)/);
    // The polite region is in the page before its message, so that screen readers speak the message when it comes.
    const region = screen
      .getAllByRole('status')
      .find((element) => element.textContent === '' && element.className === 'shop-visually-hidden');
    expect(region).toBeTruthy();
    fireEvent.change(first, { target: { value: strongPassword } });
    fireEvent.change(screen.getByLabelText(/^Neues Passwort wiederholen/), { target: { value: `${strongPassword}x` } });
    await waitFor(() =>
      expect(region!.textContent).toBe(
        'Neues Passwort und Wiederholung sind verschieden. Solange sie sich unterscheiden, ist die Schaltfläche zum Speichern gesperrt.',
      ),
    );
    expect((screen.getByRole('button', { name: 'Passwort speichern' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Neues Passwort wiederholen/), { target: { value: strongPassword } });
    await waitFor(() => expect(region!.textContent).toBe(''));
  });
});

describe('/password-new keeps the token out of the address bar', () => {
  it('takes token and address off the address at once, sends them, and goes to /login with a notice', async () => {
    const calls = fakeApi({ 'POST /api/customer/reset-password': { body: { result: { success: true } } } });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await submitNewPassword('token=abc&email=ana%40example.org');
    const location = screen.getByTestId('location');
    expect(location.textContent).toBe('/password-new');
    await waitFor(() =>
      expect(calls[0]).toMatchObject({ body: { token: 'abc', email: 'ana@example.org', newPassword: strongPassword } }),
    );
    expect(await screen.findByText(/^Ihr Passwort wurde geändert/)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(afterResetDelayMs));
    await waitFor(() => expect(location.textContent).toBe('/login'));
    expect(JSON.parse(location.getAttribute('data-state')!)).toEqual({ pageNotice: 'passwordChanged' });
    vi.useRealTimers();
  });
});
