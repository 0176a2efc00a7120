import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { startI18n } from '../testing/index.tsx';
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

  it('keeps the focus in the page when "retry" after a failed load goes away with its notice', async () => {
    await startI18n();
    vi.spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockReturnValue(new Promise(() => {}));
    useAuthStore.getState().logIn('token', false);
    render(
      <MemoryRouter initialEntries={['/account-data']}>
        <main id="main" tabIndex={-1}>
          <Routes>
            <Route path="/account-data" element={<RequireCustomer>Konto</RequireCustomer>} />
          </Routes>
        </main>
      </MemoryRouter>,
    );
    const retry = await screen.findByRole('button', { name: 'Erneut versuchen' });
    retry.focus();
    await act(async () => fireEvent.click(retry));
    // The notice and its button give way to the loading message: the focus stays in the page's content.
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main'));
  });
});
