import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import { tokenStorageKey, useAuthStore } from '../stores/auth.ts';
import { logOutCustomer } from './logOut.ts';

afterEach(() => {
  vi.restoreAllMocks();
  configureApi({ token: () => null });
  useAuthStore.getState().logOut();
});

describe('logOutCustomer', () => {
  it('ends the session in this browser at once, also while the server does not answer, and still asks it to revoke', async () => {
    configureApi({ token: () => useAuthStore.getState().token });
    useAuthStore.getState().logIn('remembered', true);
    // A connection that hangs (no request timeout is set, docs/product-rules.md#limits): the answer never comes.
    const fetch = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => {}));

    let finished = false;
    void logOutCustomer().then(() => (finished = true));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
    // The caller (the account's logout, the waiting page's) goes home now, not once the server answers.
    expect(finished).toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      '/api/customer/logout',
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ Authorization: 'Bearer remembered' }),
      }),
    );
  });

  it('clears the session when the server refuses the logout', async () => {
    configureApi({ token: () => useAuthStore.getState().token });
    useAuthStore.getState().logIn('short', false);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 503 }));
    await logOutCustomer();
    expect(useAuthStore.getState().token).toBeNull();
    expect(sessionStorage.getItem(tokenStorageKey)).toBeNull();
  });
});
