import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useAuthStore } from '../stores/auth.ts';
import { RequireCustomer } from './RequireCustomer.tsx';

beforeEach(() => {
  useAuthStore.getState().logOut();
  // The customer never arrives: these tests are about the token alone.
  vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
});
afterEach(cleanup);

const renderAccount = () =>
  render(
    <MemoryRouter initialEntries={['/account-data']}>
      <Routes>
        <Route path="/login" element={<h1>Anmelden</h1>} />
        <Route path="/account-data" element={<RequireCustomer>Konto</RequireCustomer>} />
      </Routes>
    </MemoryRouter>,
  );

describe('RequireCustomer', () => {
  it('sends a logged-out visitor to /login', () => {
    renderAccount();
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeTruthy();
  });

  it('leaves a session that ends while the screen is open to the session guard (home), not to /login', () => {
    useAuthStore.getState().logIn('token', false);
    const { container } = renderAccount();
    expect(screen.queryByRole('heading', { name: 'Anmelden' })).toBeNull();
    act(() => useAuthStore.getState().logOut());
    expect(screen.queryByRole('heading', { name: 'Anmelden' })).toBeNull();
    expect(container.textContent).toBe('');
  });
});
