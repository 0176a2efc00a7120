import type { AuthProvider } from 'react-admin';
import type { Staff, StaffSession, StaffLoginRequest } from '@shop/shared/contract/admin';
import { AdminError, adminCall } from '../api/http.ts';
import { clearSession, readSession, saveSession } from '../api/session.ts';

/** What a screen may show: the owner manages staff and the school's identity, staff the rest. */
export type Permissions = Staff['role'];

/** Keeps a session the API handed out (login or setup). */
export function startSession(session: StaffSession): void {
  saveSession(session);
}

/**
 * react-admin's auth provider over the admin API's staff session. Login may need a second step (a TOTP code);
 * the login page handles that from the error's code (TOTP_REQUIRED, TOTP_ENROLMENT_REQUIRED).
 */
export const authProvider: AuthProvider = {
  async login(params: StaffLoginRequest) {
    const session = await adminCall<StaffSession>('/staff/login', { body: params, anonymous: true });
    startSession(session);
  },
  async logout() {
    if (readSession()) {
      // The session ends on the server too; an already expired one answers 401, which changes nothing here.
      await adminCall('/staff/logout', { method: 'POST', body: {} }).catch(() => undefined);
    }
    clearSession();
  },
  async checkAuth() {
    if (!readSession()) throw new Error('ra.auth.auth_check_error');
  },
  async checkError(error: unknown) {
    const status = error instanceof AdminError ? error.status : (error as { status?: number })?.status;
    if (status === 401) {
      clearSession();
      throw new Error('ra.notification.logged_out');
    }
    // 403 (a role that may not do this) keeps the session: the screen says so.
  },
  async getIdentity() {
    const session = readSession();
    if (!session) throw new Error('ra.auth.auth_check_error');
    return { id: session.staff.id, fullName: session.staff.email };
  },
  async getPermissions() {
    return readSession()?.staff.role ?? null;
  },
};
