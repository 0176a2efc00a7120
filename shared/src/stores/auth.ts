import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from './safeStorage.ts';

/** Storage key of the customer token (docs/product-rules.md#states Login state). */
export const tokenStorageKey = 'customerToken';

/**
 * What a `customerToken` link did in this tab (docs/decisions/0077-login-links.md), for the notice that names the
 * account: `loggedIn`, the link logged the tab in; `kept`, the tab had another session, which was kept and the link's
 * token ignored.
 */
export type LinkLogin = 'loggedIn' | 'kept';

export interface AuthState {
  token: string | null;
  /** Remember-me: the token lives in localStorage (long-lived) instead of sessionStorage. */
  remember: boolean;
  /** Counts logins and logouts (not token replacements): whose session it is changed when it changes. */
  generation: number;
  /**
   * Set by a `customerToken` link at boot (adoptTokenFromUrl), for this page's life; another login, a logout or
   * `dismissLinkLogin` ends it. A session it logged in stays in its tab: the other tabs are not told (tabSync.ts).
   */
  linkLogin: LinkLogin | null;
  logIn: (token: string, remember: boolean) => void;
  /** The same session goes on under a new token (the server rotates it on a password change). */
  replaceToken: (token: string) => void;
  logOut: () => void;
  /** The visitor has read the link-login notice. */
  dismissLinkLogin: () => void;
}

/**
 * Storage keys of what a customer typed or was shown in this browser (the checkout's draft: address, participants),
 * kept in either storage under this prefix. They go with the session: a logout, or another customer's login over it,
 * forgets them, so the next person at a shared computer is not shown them (docs/decisions/0032-version-skew.md,
 * 1.7.0). A guest who logs in keeps what they typed: the same person goes on.
 */
export const customerDataKey = (name: string) => `customer:${name}`;

function forgetCustomerData(): void {
  for (const kind of ['local', 'session'] as const)
    for (const key of storageKeys(kind).filter((key) => key.startsWith(customerDataKey(''))))
      writeStorage(kind, key, null);
}

function loadToken(): Pick<AuthState, 'token' | 'remember'> {
  const session = readStorage('session', tokenStorageKey);
  if (session) return { token: session, remember: false };
  const local = readStorage('local', tokenStorageKey);
  return local ? { token: local, remember: true } : { token: null, remember: false };
}

/** The customer's session, shared by every area through the @shop/shared singleton. */
export const useAuthStore = create<AuthState>()((set, get) => {
  const store = (token: string, remember: boolean) => {
    writeStorage(remember ? 'local' : 'session', tokenStorageKey, token);
    writeStorage(remember ? 'session' : 'local', tokenStorageKey, null);
  };
  return {
    ...loadToken(),
    generation: 0,
    linkLogin: null,
    logIn: (token, remember) => {
      if (get().token !== null && get().token !== token) forgetCustomerData();
      store(token, remember);
      set((state) => ({ token, remember, generation: state.generation + 1, linkLogin: null }));
    },
    replaceToken: (token) => {
      store(token, get().remember);
      set({ token });
    },
    logOut: () => {
      forgetCustomerData();
      writeStorage('local', tokenStorageKey, null);
      writeStorage('session', tokenStorageKey, null);
      set((state) => ({ token: null, remember: false, generation: state.generation + 1, linkLogin: null }));
    },
    dismissLinkLogin: () => set({ linkLogin: null }),
  };
});

/**
 * A login by link into a tab without a session: for this tab (sessionStorage, as without remember-me), marked as one in
 * the same update as the login, which is how tabSync.ts tells it from a login to share. Nothing of a customer to
 * forget: the tab had no session (a guest keeps what they typed, as at any login). Also the account area's page of a
 * mailed one-time login link (docs/decisions/0086-no-lockout-of-the-owner.md), which calls it only in a tab without a
 * session, as record 0077 wants.
 */
export function logInFromLink(token: string): void {
  writeStorage('session', tokenStorageKey, token);
  writeStorage('local', tokenStorageKey, null);
  useAuthStore.setState((state) => ({
    token,
    remember: false,
    generation: state.generation + 1,
    linkLogin: 'loggedIn',
  }));
}

export const selectIsLoggedIn = (state: AuthState) => state.token !== null;

/** Query parameter that may carry a login token (docs/product-rules.md#screens "customerToken"). */
export const tokenQueryParameter = 'customerToken';

/**
 * What a bearer token can be (RFC 6750's b64token; the API issues base64url). A value outside it cannot be a token:
 * one with "€" or a line break cannot even be sent in a header, so every call with it failed before reaching the
 * server, no 401 ever ended it, and the tab stayed "logged in" with nothing loading.
 */
const bearerToken = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * docs/product-rules.md#screens, #states: a `customerToken` query parameter logs the visitor in (for this tab, as without remember-me) and
 * is removed from the address bar at once, so it is neither bookmarked nor shared. Call it before the router
 * starts. A value that cannot be a bearer token is removed too and logs nobody in (nor out). Returns whether a
 * token was taken over.
 *
 * Login CSRF (docs/decisions/0077-login-links.md): anybody can send such a link, their own account's token in it, and
 * a victim who follows it and does not notice orders, types their address and pays in the sender's account. So a tab
 * that already has a session keeps it and ignores the link's token (`linkLogin: 'kept'`), a login by link is marked
 * (`linkLogin: 'loggedIn'`) for the shell's notice that names the account and offers to log out, and it stays in its
 * tab (tabSync.ts).
 */
export function adoptTokenFromUrl(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): boolean {
  const url = new URL(location.href);
  const token = url.searchParams.get(tokenQueryParameter)?.trim();
  if (!url.searchParams.has(tokenQueryParameter)) return false;
  url.searchParams.delete(tokenQueryParameter);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!token || token.length > 512 || !bearerToken.test(token)) return false;
  const current = useAuthStore.getState().token;
  if (current === token) return false;
  if (current !== null) {
    useAuthStore.setState({ linkLogin: 'kept' });
    return false;
  }
  logInFromLink(token);
  return true;
}
