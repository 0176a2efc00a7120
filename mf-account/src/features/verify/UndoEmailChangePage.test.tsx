import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@shop/shared';
import { answerAfterFocusFixup } from '@shop/shared/testing';
import { apiError, customer, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
beforeEach(() => useAuthStore.getState().logOut());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const link = '/undo-email-change?token=abc&email=anna%40example.org';
const undoButton = () => screen.getByRole('button', { name: 'Änderung rückgängig machen' });
const ok = { body: { result: { success: true } } };

describe('/undo-email-change', () => {
  it('acts only on the button, then says the account is back and where the new password comes from', async () => {
    const calls = fakeApi({ 'POST /api/customer/undo-email-change': ok });
    renderArea(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Änderung der E-Mail-Adresse rückgängig machen' }),
    ).toBeTruthy();
    expect(screen.getByText(/holen Sie das Kundenkonto hier an anna@example.org zurück/)).toBeTruthy();
    // Opening the link sends nothing: a mail scanner that opens it takes nothing back.
    expect(calls).toEqual([]);
    fireEvent.click(undoButton());
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('wieder mit anna@example.org verbunden');
    expect(status.textContent).toContain('neues Passwort');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/customer/undo-email-change',
      body: { token: 'abc', email: 'anna@example.org' },
    });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Keine E-Mail erhalten? Neuen Link anfordern' }).getAttribute('href')).toBe(
      '/password-reset?email=anna%40example.org',
    );
    expect(screen.queryByRole('button', { name: 'Änderung rückgängig machen' })).toBeNull();
  });

  it("forgets this browser's session, which the server has ended", async () => {
    useAuthStore.getState().logIn('tok', true);
    fakeApi({ 'POST /api/customer/undo-email-change': ok, 'GET /api/customer/me': { body: { result: null } } });
    renderArea(link);
    fireEvent.click(await screen.findByRole('button', { name: 'Änderung rückgängig machen' }));
    await screen.findByRole('status');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('stays open in a browser whose session has an unconfirmed address, and the undo goes through there', async () => {
    // The owner may open the link where they registered and never confirmed, or where the thief's session shows the
    // thief's unconfirmed address: the session guard sends such a browser to /verify-email-waiting from most pages,
    // and did from this one too, so the link could not be used there (record 0068, "Consequences").
    useAuthStore.getState().logIn('unverified', false);
    const calls = fakeApi({
      'GET /api/customer/me': { body: { result: customer({ isEmailVerified: false, email: 'dieb@example.org' }) } },
      'POST /api/customer/undo-email-change': ok,
    });
    renderArea(link);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/customer/me')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('location').textContent).toBe(link);
    fireEvent.click(undoButton());
    expect((await screen.findByRole('status')).textContent).toContain('wieder mit anna@example.org verbunden');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it.each([
    [apiError(400, 'INVALID_TOKEN'), 'Der Link ist ungültig oder abgelaufen.'],
    [apiError(409, 'EMAIL_TAKEN'), 'von einem anderen Kundenkonto verwendet'],
  ])('says why a link is refused (%#) and offers no second try', async (answer, text) => {
    fakeApi({ 'POST /api/customer/undo-email-change': answerAfterFocusFixup(answer) });
    renderArea(link);
    const button = await screen.findByRole('button', { name: 'Änderung rückgängig machen' });
    button.focus();
    fireEvent.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    expect(document.activeElement).toBe(alert);
    expect(screen.queryByRole('button', { name: 'Änderung rückgängig machen' })).toBeNull();
  });

  it('lets a failure of the server be tried again', async () => {
    fakeApi({ 'POST /api/customer/undo-email-change': [apiError(503, 'UNAVAILABLE'), ok] });
    renderArea(link);
    fireEvent.click(await screen.findByRole('button', { name: 'Änderung rückgängig machen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Leider ist ein Fehler aufgetreten');
    fireEvent.click(undoButton());
    expect((await screen.findByRole('status')).textContent).toContain('wieder mit anna@example.org verbunden');
  });

  it('gives the focus back to the button after a failure that may be tried again (WCAG 2.4.3)', async () => {
    fakeApi({ 'POST /api/customer/undo-email-change': answerAfterFocusFixup(apiError(503, 'UNAVAILABLE')) });
    renderArea(link);
    const button = await screen.findByRole('button', { name: 'Änderung rückgängig machen' });
    button.focus();
    fireEvent.click(button);
    await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(undoButton()));
  });

  it('without token or address says the link is invalid and sends nothing', async () => {
    const calls = fakeApi({});
    renderArea('/undo-email-change?email=anna%40example.org');
    expect((await screen.findByRole('alert')).textContent).toContain('Der Link ist ungültig oder abgelaufen.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });
});
