import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStorageKey, useAuthStore } from './auth.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.getState().logOut();
});

describe('auth store', () => {
  it('keeps the token in sessionStorage without remember-me', () => {
    useAuthStore.getState().logIn('short', false);
    expect(sessionStorage.getItem(tokenStorageKey)).toBe('short');
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ token: 'short', remember: false });
  });

  it('keeps it in localStorage with remember-me, and removes the other copy', () => {
    useAuthStore.getState().logIn('short', false);
    useAuthStore.getState().logIn('long', true);
    expect(localStorage.getItem(tokenStorageKey)).toBe('long');
    expect(sessionStorage.getItem(tokenStorageKey)).toBeNull();
  });

  it('logOut clears both storages', () => {
    useAuthStore.getState().logIn('long', true);
    useAuthStore.getState().logOut();
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
    expect(useAuthStore.getState().token).toBeNull();
  });
});
