import type { StaffSession } from '@shop/shared/contract/admin';

/**
 * The staff session lives in sessionStorage: it ends with the tab, is never shared with another tab or with
 * the shop (another origin), and the API ends it anyway after 30 idle minutes or 12 hours.
 */
const key = 'backoffice.session';

export type StoredSession = Pick<StaffSession, 'token' | 'expiresAt' | 'staff'>;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readSession(): StoredSession | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredSession;
    return typeof parsed?.token === 'string' && parsed.staff ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession): void {
  storage()?.setItem(key, JSON.stringify({ token: session.token, expiresAt: session.expiresAt, staff: session.staff }));
}

export function clearSession(): void {
  storage()?.removeItem(key);
}
