import { logout } from '../api/customer.ts';
import { useAuthStore } from '../stores/auth.ts';

/** Logout of docs/product-rules.md#screens: the server revokes the token (best effort), the tokens are cleared either way. */
export async function logOutCustomer(): Promise<void> {
  if (useAuthStore.getState().token) await logout().catch(() => undefined);
  useAuthStore.getState().logOut();
}
