import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerAfterFocusFixup, apiError, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function requestReset(email: string) {
  renderArea('/password-reset');
  fireEvent.change(await screen.findByLabelText(/^E-Mail-Adresse/), { target: { value: email } });
  const button = screen.getByRole('button', { name: 'Link anfordern' });
  button.focus();
  fireEvent.click(button);
}

describe('/password-reset', () => {
  it('sends the address in the page language and hands the focus to the notice that follows (WCAG 2.4.3)', async () => {
    const calls = fakeApi({
      'POST /api/customer/request-password-reset': answerAfterFocusFixup({ body: { result: { success: true } } }),
    });
    await requestReset('Ana@Example.org');
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Falls es zu dieser Adresse/));
    expect(calls[0]!.body).toEqual({ email: 'ana@example.org', locale: 'de' });
  });

  it('hands the focus to the failure notice and keeps the form', async () => {
    fakeApi({
      'POST /api/customer/request-password-reset': answerAfterFocusFixup(apiError(429, 'TOO_MANY_REQUESTS')),
    });
    await requestReset('ana@example.org');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    );
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole('button', { name: 'Link anfordern' })).toBeTruthy();
  });
});
