import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorageKey, useAuthStore } from '../stores/auth.ts';
import { onSessionEndedElsewhere, sessionChannelName, syncSessionAcrossTabs, type SessionMessage } from './tabSync.ts';

/** The other tab: a second channel of the same name (Node's BroadcastChannel delivers between them). */
let otherTab: BroadcastChannel;
let received: SessionMessage[] = [];
let stop: () => void;

beforeAll(() => {
  stop = syncSessionAcrossTabs();
  otherTab = new BroadcastChannel(sessionChannelName);
  otherTab.onmessage = (event: MessageEvent) => received.push(event.data as SessionMessage);
});
afterAll(() => {
  stop();
  otherTab.close();
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.setState({ token: null, remember: false });
  received = [];
});

describe('session across tabs', () => {
  it('tells the other tabs about a login, a rotated token and a logout here', async () => {
    useAuthStore.getState().logIn('tab-a', false);
    useAuthStore.getState().replaceToken('tab-a-rotated');
    useAuthStore.getState().logOut();
    await vi.waitFor(() =>
      expect(received).toEqual([
        { type: 'login', token: 'tab-a', remember: false },
        { type: 'token', token: 'tab-a-rotated', previous: 'tab-a' },
        { type: 'logout', token: 'tab-a-rotated' },
      ]),
    );
  });

  it('takes over a login from another tab into this tab’s storage, without echoing it', async () => {
    otherTab.postMessage({ type: 'login', token: 'from-b', remember: false });
    await vi.waitFor(() => expect(useAuthStore.getState().token).toBe('from-b'));
    expect(sessionStorage.getItem(tokenStorageKey)).toBe('from-b');
    otherTab.postMessage({ type: 'login', token: 'long-b', remember: true });
    await vi.waitFor(() => expect(useAuthStore.getState()).toMatchObject({ token: 'long-b', remember: true }));
    expect(localStorage.getItem(tokenStorageKey)).toBe('long-b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([]);
  });

  it('logs out when another tab does, and lets the guard go home', async () => {
    const ended = vi.fn();
    const unsubscribe = onSessionEndedElsewhere(ended);
    useAuthStore.getState().logIn('mine', true);
    otherTab.postMessage({ type: 'logout' });
    await vi.waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('keeps its session when another tab ends a session this tab no longer has', async () => {
    // A tab that missed the logout of customer A (discarded by the browser, reloaded from its own sessionStorage)
    // finds A's token refused and ends it: the tab where customer B has logged in meanwhile stays logged in.
    const ended = vi.fn();
    const unsubscribe = onSessionEndedElsewhere(ended);
    useAuthStore.getState().logIn('customer-b', false);
    otherTab.postMessage({ type: 'logout', token: 'customer-a' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useAuthStore.getState().token).toBe('customer-b');
    expect(sessionStorage.getItem(tokenStorageKey)).toBe('customer-b');
    expect(ended).not.toHaveBeenCalled();
    // Nor does it take over the rotated token of a session it does not have.
    otherTab.postMessage({ type: 'token', token: 'customer-a-rotated', previous: 'customer-a' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useAuthStore.getState().token).toBe('customer-b');

    // A logout of this tab's session (or one from a release that names no token) still ends it.
    otherTab.postMessage({ type: 'logout', token: 'customer-b' });
    await vi.waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    expect(ended).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('keeps a login by customerToken in its tab: the other tabs keep their session, or stay without one', async () => {
    // A link an attacker sends logs the tab it opens into the attacker's account; the victim's other tabs, maybe
    // logged in without remember-me (sessionStorage, unseen by the new tab), must not follow it
    // (docs/decisions/0077-login-links.md). docs/product-rules.md#platform: "for that tab only".
    const { adoptTokenFromUrl } = await import('../stores/auth.ts');
    expect(
      adoptTokenFromUrl(
        { href: 'http://shop.test/cart?customerToken=attacker' },
        { replaceState: vi.fn(), state: null },
      ),
    ).toBe(true);
    expect(useAuthStore.getState().token).toBe('attacker');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    // Its logout names its own token, which no other tab has: they keep theirs.
    useAuthStore.getState().logOut();
    await vi.waitFor(() => expect(received).toEqual([{ type: 'logout', token: 'attacker' }]));
  });

  it('ignores malformed messages', async () => {
    useAuthStore.getState().logIn('mine', false);
    for (const data of [
      null,
      'logout',
      { type: 'login', token: '', remember: false },
      { type: 'login', token: 'x' },
      { type: 'token' },
      { type: 'evil', token: 'x' },
    ]) {
      otherTab.postMessage(data);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useAuthStore.getState().token).toBe('mine');
  });
});
