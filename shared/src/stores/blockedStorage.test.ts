import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerDataKey, useAuthStore } from './auth.ts';
import { useCartStore } from './cart.ts';
import { useLevelTestResultStore } from './levelTest.ts';
import { courseFixture, courseItem } from '../testing/fixtures.ts';
import { readStorage, resetMemoryStorageForTest, webStorageUsable, writeStorage } from './safeStorage.ts';

/**
 * A third-party frame in a browser that blocks third-party storage: reading `localStorage` or `sessionStorage`
 * throws SecurityError. The stores keep working, from memory.
 */
function blockStorage() {
  const refuse = () => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  };
  vi.stubGlobal('localStorage', undefined);
  vi.stubGlobal('sessionStorage', undefined);
  Object.defineProperty(globalThis, 'localStorage', { get: refuse, configurable: true });
  Object.defineProperty(globalThis, 'sessionStorage', { get: refuse, configurable: true });
}

const course = courseItem(courseFixture({ id: 7 }));

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  resetMemoryStorageForTest();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetMemoryStorageForTest();
});

describe('with web storage blocked', () => {
  it('says so, and what is written is read back from memory', () => {
    expect(webStorageUsable()).toBe(true);
    blockStorage();
    expect(() => globalThis.localStorage).toThrow('Access is denied');
    expect(webStorageUsable()).toBe(false);
    writeStorage('local', 'k', 'v');
    writeStorage('session', 'k', 'w');
    expect(readStorage('local', 'k')).toBe('v');
    expect(readStorage('session', 'k')).toBe('w');
    writeStorage('local', 'k', null);
    expect(readStorage('local', 'k')).toBeNull();
  });

  it('the cart store adds, keeps and rehydrates its cart without throwing', async () => {
    blockStorage();
    useCartStore.getState().clear();
    expect(() => useCartStore.getState().addItem(course)).not.toThrow();
    expect(useCartStore.getState().items).toHaveLength(1);
    // What the store persisted is kept in memory, and a rehydration reads it back.
    expect(readStorage('local', 'cart')).toContain('"courseId":7');
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items).toMatchObject([{ courseId: 7, quantity: 1 }]);
    expect(() => useCartStore.getState().clear()).not.toThrow();
    expect(useCartStore.getState().items).toEqual([]);
  });

  it('the session and the level-test result work, and a logout forgets the customer’s data', () => {
    blockStorage();
    expect(() => useAuthStore.getState().logIn('token-1', false)).not.toThrow();
    expect(readStorage('session', 'customerToken')).toBe('token-1');
    writeStorage('session', customerDataKey('checkoutDraft'), '{"email":"a@example.org"}');
    expect(() => useAuthStore.getState().logOut()).not.toThrow();
    expect(useAuthStore.getState().token).toBeNull();
    expect(readStorage('session', customerDataKey('checkoutDraft'))).toBeNull();
    expect(() =>
      useLevelTestResultStore.getState().keepResult({ level: 'A2' } as never, Date.UTC(2026, 11, 1)),
    ).not.toThrow();
    expect(useLevelTestResultStore.getState().result).toMatchObject({ level: 'A2' });
  });
});
