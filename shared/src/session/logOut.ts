import { logout } from '../api/customer.ts';
import { useAuthStore } from '../stores/auth.ts';

/**
 * Logout of docs/product-rules.md#screens: the tokens are cleared here at once, and the server is asked to revoke the
 * token (best effort, in the background). The request takes the token when it starts, before it is cleared. Waiting
 * for the server first left a customer logged in, with a remembered token in localStorage, for as long as the
 * connection hung (no request timeout is set): on a shared computer the next person found them logged in.
 */
export function logOutCustomer(): Promise<void> {
  const revoke = useAuthStore.getState().token ? logout() : null;
  useAuthStore.getState().logOut();
  void revoke?.catch(() => undefined);
  return Promise.resolve();
}
