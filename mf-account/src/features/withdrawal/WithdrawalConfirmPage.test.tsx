import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type WithdrawalReceipt } from '@shop/shared';
import { answerAfterFocusFixup } from '@shop/shared/testing';
import { apiError, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
beforeEach(() => useAuthStore.getState().logOut());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const receipt = (over: Partial<WithdrawalReceipt> = {}): WithdrawalReceipt => ({
  receiptNumber: 'W-000007',
  receivedAt: '2026-01-18T09:00:00.000Z',
  name: 'Ana García',
  orderNumber: '100042',
  email: 'ana@example.org',
  positions: [],
  outcome: 'withdrawn',
  reviewReason: null,
  refundAmount: 289,
  confirmationExpiresAt: null,
  ...over,
});

const confirmButton = () => screen.getByRole('button', { name: 'Widerruf jetzt bestätigen' });

describe('/withdrawal-confirm', () => {
  it('acts only on the button, then shows the receipt with its original receipt time and the refund', async () => {
    const calls = fakeApi({ 'POST /api/withdrawals/confirm': { body: { result: receipt() } } });
    renderArea('/withdrawal-confirm?token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Widerruf bestätigen' })).toBeTruthy();
    // Opening the link sends nothing: a mail scanner that opens it confirms nothing.
    expect(calls).toEqual([]);
    fireEvent.click(confirmButton());
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Der Widerruf ist wirksam');
    expect(status.textContent).toMatch(/289\s€/);
    expect(screen.getByText('18.01.2026 10:00:00')).toBeTruthy();
    expect(screen.getByText('W-000007')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/withdrawals/confirm', body: { token: 'abc' } });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    // No new mail goes out with the confirmation: the page does not claim one.
    expect(screen.queryByText(/auch an ana@example.org geschickt/)).toBeNull();
  });

  it('shows the review outcome when the school decides', async () => {
    fakeApi({
      'POST /api/withdrawals/confirm': {
        body: { result: receipt({ outcome: 'review', reviewReason: 'out_of_period', refundAmount: null }) },
      },
    });
    renderArea('/withdrawal-confirm?token=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Widerruf jetzt bestätigen' }));
    expect((await screen.findByRole('status')).textContent).toContain('Widerrufsfrist von 14 Tagen abgelaufen');
  });

  it.each([
    [apiError(409, 'WITHDRAWAL_LINK_USED', { token: 'used' }), 'Dieser Link wurde bereits verwendet'],
    [apiError(410, 'WITHDRAWAL_LINK_EXPIRED', { token: 'expired' }), 'Dieser Link ist abgelaufen'],
    [apiError(400, 'WITHDRAWAL_LINK_INVALID', { token: 'invalid' }), 'Dieser Bestätigungslink ist ungültig'],
    [apiError(400, 'VALIDATION_ERROR', { token: 'too_long' }), 'Dieser Bestätigungslink ist ungültig'],
  ])('says clearly why a link is refused (%#) and offers no second try', async (answer, text) => {
    fakeApi({ 'POST /api/withdrawals/confirm': answer });
    renderArea('/withdrawal-confirm?token=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Widerruf jetzt bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(screen.queryByRole('button', { name: 'Widerruf jetzt bestätigen' })).toBeNull();
  });

  it('lets a failure of the server be tried again', async () => {
    fakeApi({
      'POST /api/withdrawals/confirm': [
        { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'x' } } },
        { body: { result: receipt() } },
      ],
    });
    renderArea('/withdrawal-confirm?token=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Widerruf jetzt bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Leider ist ein Fehler aufgetreten');
    fireEvent.click(confirmButton());
    expect((await screen.findByRole('status')).textContent).toContain('Der Widerruf ist wirksam');
  });

  describe('the focus follows what replaces the button (WCAG 2.4.3)', () => {
    const clickConfirm = async () => {
      const button = await screen.findByRole('button', { name: 'Widerruf jetzt bestätigen' });
      button.focus();
      fireEvent.click(button);
    };

    it('to the receipt', async () => {
      fakeApi({ 'POST /api/withdrawals/confirm': answerAfterFocusFixup({ body: { result: receipt() } }) });
      renderArea('/withdrawal-confirm?token=abc');
      await clickConfirm();
      const status = await screen.findByRole('status');
      expect(document.activeElement).toBe(status);
    });

    it('to the alert of a refused link, which leaves no button', async () => {
      fakeApi({
        'POST /api/withdrawals/confirm': answerAfterFocusFixup(
          apiError(409, 'WITHDRAWAL_LINK_USED', { token: 'used' }),
        ),
      });
      renderArea('/withdrawal-confirm?token=abc');
      await clickConfirm();
      const alert = await screen.findByRole('alert');
      expect(document.activeElement).toBe(alert);
    });

    it('back to the button after a failure that may be tried again', async () => {
      fakeApi({ 'POST /api/withdrawals/confirm': answerAfterFocusFixup(apiError(503, 'UNAVAILABLE')) });
      renderArea('/withdrawal-confirm?token=abc');
      await clickConfirm();
      await screen.findByRole('alert');
      await waitFor(() => expect(document.activeElement).toBe(confirmButton()));
    });
  });

  it('without a token says the link is invalid and sends nothing', async () => {
    const calls = fakeApi({});
    renderArea('/withdrawal-confirm');
    expect((await screen.findByRole('alert')).textContent).toContain('Dieser Bestätigungslink ist ungültig');
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('renders in English and Spanish too', async () => {
    const { default: i18n } = await import('i18next');
    for (const [language, title] of [
      ['en', 'Confirm withdrawal'],
      ['es', 'Confirmar desistimiento'],
    ] as const) {
      await i18n.changeLanguage(language);
      renderArea('/withdrawal-confirm?token=abc');
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      cleanup();
    }
    await i18n.changeLanguage('de');
  });
});
