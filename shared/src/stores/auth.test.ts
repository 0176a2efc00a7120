import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customerDataKey, tokenStorageKey, useAuthStore } from './auth.ts';

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

describe("a customer's data in this browser goes with the session", () => {
  const draft = customerDataKey('checkoutDraft');
  const typed = () => [sessionStorage.getItem(draft), localStorage.getItem(draft)];

  it('logOut forgets it from both storages and leaves other keys alone', () => {
    useAuthStore.getState().logIn('a', false);
    sessionStorage.setItem(draft, '{"email":"a@example.org"}');
    localStorage.setItem(draft, '{"email":"a@example.org"}');
    localStorage.setItem('cart', '{}');
    useAuthStore.getState().logOut();
    expect(typed()).toEqual([null, null]);
    expect(localStorage.getItem('cart')).toBe('{}');
  });

  it('a login over another session forgets it; a guest logging in keeps what they typed; a rotated token too', () => {
    sessionStorage.setItem(draft, 'guest');
    useAuthStore.getState().logIn('b', false);
    expect(typed()).toEqual(['guest', null]);
    useAuthStore.getState().replaceToken('b-rotated');
    expect(typed()).toEqual(['guest', null]);
    useAuthStore.getState().logIn('c', true);
    expect(typed()).toEqual([null, null]);
  });
});

describe('adoptTokenFromUrl', () => {
  it('logs in with a customerToken query for this tab and removes it from the address', async () => {
    const { adoptTokenFromUrl } = await import('./auth.ts');
    const replaceState = vi.fn();
    const adopted = adoptTokenFromUrl(
      { href: 'http://shop.test/courses?courseType=1&customerToken=abc123#top' },
      { replaceState, state: { k: 1 } },
    );
    expect(adopted).toBe(true);
    expect(replaceState).toHaveBeenCalledWith({ k: 1 }, '', '/courses?courseType=1#top');
    expect(useAuthStore.getState()).toMatchObject({ token: 'abc123', remember: false });
    expect(sessionStorage.getItem(tokenStorageKey)).toBe('abc123');
  });

  it('leaves the address alone without the query, and ignores an empty token', async () => {
    const { adoptTokenFromUrl } = await import('./auth.ts');
    const replaceState = vi.fn();
    expect(adoptTokenFromUrl({ href: 'http://shop.test/courses' }, { replaceState, state: null })).toBe(false);
    expect(replaceState).not.toHaveBeenCalled();
    expect(adoptTokenFromUrl({ href: 'http://shop.test/courses?customerToken=' }, { replaceState, state: null })).toBe(
      false,
    );
    expect(replaceState).toHaveBeenCalledWith(null, '', '/courses');
    expect(useAuthStore.getState().token).toBeNull();
  });
});

describe('adoptTokenFromUrl and a session this tab already has (login CSRF, docs/decisions/0077-login-links.md)', () => {
  it("keeps the session, ignores the link's token, and says so: a link cannot swap the customer underneath", async () => {
    const { adoptTokenFromUrl } = await import('./auth.ts');
    useAuthStore.getState().logIn('victim', true);
    const { generation } = useAuthStore.getState();
    const replaceState = vi.fn();
    expect(
      adoptTokenFromUrl({ href: 'http://shop.test/checkout?customerToken=attacker' }, { replaceState, state: null }),
    ).toBe(false);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/checkout');
    expect(useAuthStore.getState()).toMatchObject({ token: 'victim', remember: true, generation, linkLogin: 'kept' });
    expect(localStorage.getItem(tokenStorageKey)).toBe('victim');
    expect(sessionStorage.getItem(tokenStorageKey)).toBeNull();
  });

  it('changes nothing, and says nothing, for the token the tab already has', async () => {
    const { adoptTokenFromUrl } = await import('./auth.ts');
    useAuthStore.getState().logIn('same', false);
    const { generation } = useAuthStore.getState();
    expect(
      adoptTokenFromUrl({ href: 'http://shop.test/?customerToken=same' }, { replaceState: vi.fn(), state: null }),
    ).toBe(false);
    expect(useAuthStore.getState()).toMatchObject({ token: 'same', generation, linkLogin: null });
  });

  it('marks a login by link, for the notice that names the account; a logout, another login or "close" ends the mark', async () => {
    const { adoptTokenFromUrl } = await import('./auth.ts');
    const adopt = () =>
      adoptTokenFromUrl({ href: 'http://shop.test/?customerToken=linked' }, { replaceState: vi.fn(), state: null });
    expect(adopt()).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ token: 'linked', remember: false, linkLogin: 'loggedIn' });
    useAuthStore.getState().dismissLinkLogin();
    expect(useAuthStore.getState()).toMatchObject({ token: 'linked', linkLogin: null });

    useAuthStore.getState().logOut();
    expect(adopt()).toBe(true);
    useAuthStore.getState().replaceToken('linked-rotated');
    expect(useAuthStore.getState().linkLogin).toBe('loggedIn');
    useAuthStore.getState().logIn('by-form', false);
    expect(useAuthStore.getState().linkLogin).toBeNull();

    useAuthStore.getState().logOut();
    expect(adopt()).toBe(true);
    useAuthStore.getState().logOut();
    expect(useAuthStore.getState().linkLogin).toBeNull();
  });
});

describe('adoptTokenFromUrl with a value that cannot be a token', () => {
  it('keeps the session it has and leaves no value in the address that no request could carry', async () => {
    const { adoptTokenFromUrl } = await import('./auth.ts');
    useAuthStore.getState().logIn('remembered', true);
    const replaceState = vi.fn();
    // A bearer token is a b64token (RFC 6750); "€" or a line break cannot even be sent in a header, so every call
    // with it failed before reaching the server (no 401 to end it): the tab stayed 'logged in' and nothing loaded.
    for (const value of ['%E2%82%AC', 'abc%0Adef', 'abc%20def', '%3Cscript%3E']) {
      expect(
        adoptTokenFromUrl({ href: `http://shop.test/cart?customerToken=${value}` }, { replaceState, state: null }),
      ).toBe(false);
      expect(replaceState).toHaveBeenLastCalledWith(null, '', '/cart');
    }
    expect(useAuthStore.getState()).toMatchObject({ token: 'remembered', remember: true });
    expect(localStorage.getItem(tokenStorageKey)).toBe('remembered');
  });

  it('takes a token of the shape the API issues (base64url) and of RFC 6750 b64token', async () => {
    const { adoptTokenFromUrl } = await import('./auth.ts');
    const replaceState = vi.fn();
    const issued = 'q3Vx0e-9_Zk2mN4pL8rT1wYbC6dF5gH7jK0aS3uE2iQ';
    expect(
      adoptTokenFromUrl({ href: `http://shop.test/?customerToken=${issued}` }, { replaceState, state: null }),
    ).toBe(true);
    expect(useAuthStore.getState().token).toBe(issued);
    // A link no longer replaces a session the tab has (docs/decisions/0077-login-links.md): the next shape on a fresh tab.
    useAuthStore.getState().logOut();
    expect(
      adoptTokenFromUrl({ href: 'http://shop.test/?customerToken=a.b~c%2Bd%2Fe%3D%3D' }, { replaceState, state: null }),
    ).toBe(true);
    expect(useAuthStore.getState().token).toBe('a.b~c+d/e==');
  });
});

describe('replaceToken', () => {
  it('keeps the session (remember-me and generation) under a new token', () => {
    useAuthStore.getState().logIn('old', true);
    const { generation } = useAuthStore.getState();
    useAuthStore.getState().replaceToken('rotated');
    expect(useAuthStore.getState()).toMatchObject({ token: 'rotated', remember: true, generation });
    expect(localStorage.getItem(tokenStorageKey)).toBe('rotated');
  });
});
