import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { call, useAuthStore } from '@shop/shared';
import { z } from 'zod';
import { SessionGuard } from './SessionGuard.tsx';

afterEach(cleanup);

describe('SessionGuard', () => {
  it('logs out and goes home when a call answers 401', async () => {
    useAuthStore.getState().logIn('expired-token', true);
    render(
      <MemoryRouter initialEntries={['/account-data']}>
        <SessionGuard />
        <Routes>
          <Route path="/" element={<h1>Start</h1>} />
          <Route path="/account-data" element={<h1>Konto</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{"error":{"code":"UNAUTHORIZED","message":"x"}}', { status: 401 }),
    );
    await expect(
      call({ path: '/customer/me', auth: true, result: z.unknown(), failure: 'Failed to fetch customer data' }),
    ).rejects.toThrow();
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Start'));
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('customerToken')).toBeNull();
  });
});
