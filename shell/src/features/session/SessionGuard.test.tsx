import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { call, configureApi, useAuthStore } from '@shop/shared';
import { z } from 'zod';
import { SessionGuard } from './SessionGuard.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SessionGuard', () => {
  it('logs out and goes home when a call answers 401', async () => {
    useAuthStore.getState().logIn('expired-token', true);
    // The guard's own customer load stays unanswered: sent to the real network, it reached whatever listened on
    // localhost:3000 (an API started for the journeys), whose late 401 then ended the next test's session.
    const fetch = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => {}));
    render(
      <MemoryRouter initialEntries={['/account-data']}>
        <SessionGuard />
        <Routes>
          <Route path="/" element={<h1>Start</h1>} />
          <Route path="/account-data" element={<h1>Konto</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    fetch.mockResolvedValue(new Response('{"error":{"code":"UNAUTHORIZED","message":"x"}}', { status: 401 }));
    await expect(
      call({ path: '/customer/me', auth: true, result: z.unknown(), failure: 'Failed to fetch customer data' }),
    ).rejects.toThrow();
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Start'));
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('customerToken')).toBeNull();
  });
});

describe('SessionGuard and a token replaced meanwhile', () => {
  it('keeps the session when the 401 answers a token this page no longer uses (a password change rotated it)', async () => {
    // The shell's boot points the API client at the auth store's token (globalQueryParameters.ts).
    configureApi({ token: () => useAuthStore.getState().token });
    useAuthStore.getState().logIn('before-change', false);
    // Every call of the page (the guard's customer load too) is answered once the token has been replaced.
    const answers: ((response: Response) => void)[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    render(
      <MemoryRouter initialEntries={['/account-data']}>
        <SessionGuard />
        <Routes>
          <Route path="/" element={<h1>Start</h1>} />
          <Route path="/account-data" element={<h1>Konto</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    // Sent with the old token; the server revokes it on the password change, whose answer hands out a new one.
    const pending = call({ path: '/customer/me/balances', auth: true, result: z.unknown(), failure: 'f' });
    useAuthStore.getState().replaceToken('after-change');
    for (const answer of answers)
      answer(new Response('{"error":{"code":"UNAUTHORIZED","message":"x"}}', { status: 401 }));
    await expect(pending).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(useAuthStore.getState().token).toBe('after-change');
    expect(sessionStorage.getItem('customerToken')).toBe('after-change');
    expect(screen.getByRole('heading').textContent).toBe('Konto');
    configureApi({ token: () => null });
  });
});
