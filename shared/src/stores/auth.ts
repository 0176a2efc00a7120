import { create } from 'zustand';
import { readStorage, writeStorage } from './safeStorage.ts';

/** Storage key of the customer token (spec §4 Login state). */
export const tokenStorageKey = 'customerToken';

export interface AuthState {
  token: string | null;
  /** Remember-me: the token lives in localStorage (long-lived) instead of sessionStorage. */
  remember: boolean;
  logIn: (token: string, remember: boolean) => void;
  logOut: () => void;
}

function loadToken(): Pick<AuthState, 'token' | 'remember'> {
  const session = readStorage('session', tokenStorageKey);
  if (session) return { token: session, remember: false };
  const local = readStorage('local', tokenStorageKey);
  return local ? { token: local, remember: true } : { token: null, remember: false };
}

/** The customer's session, shared by every area through the @shop/shared singleton. */
export const useAuthStore = create<AuthState>()((set) => ({
  ...loadToken(),
  logIn: (token, remember) => {
    writeStorage(remember ? 'local' : 'session', tokenStorageKey, token);
    writeStorage(remember ? 'session' : 'local', tokenStorageKey, null);
    set({ token, remember });
  },
  logOut: () => {
    writeStorage('local', tokenStorageKey, null);
    writeStorage('session', tokenStorageKey, null);
    set({ token: null, remember: false });
  },
}));

export const selectIsLoggedIn = (state: AuthState) => state.token !== null;
