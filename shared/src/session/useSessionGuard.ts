import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { onUnauthorized } from '../api/unauthorized.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useCustomerStore } from '../stores/customer.ts';
import { unverifiedRedirect } from './redirects.ts';
import { onSessionEndedElsewhere } from './tabSync.ts';

/**
 * The session rules of docs/product-rules.md#states for the whole page, mounted once by the shell (and by a standalone remote):
 * - a 401 on any call but login clears the tokens and goes home; so does a logout in another tab (tabSync.ts);
 * - with a token, the customer is loaded (one shared copy in useCustomerStore);
 * - a logged-in customer whose address is unverified is sent to /verify-email-waiting, except on the
 *   verification, login and register pages.
 * Protected screens additionally wrap themselves in <RequireCustomer>, which sends logged-out visitors to /login.
 */
export function useSessionGuard(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const token = useAuthStore((state) => state.token);
  const customer = useCustomerStore((state) => state.customer);

  useEffect(() => {
    const goHome = () => navigate('/', { replace: true });
    const stopUnauthorized = onUnauthorized(() => {
      useAuthStore.getState().logOut();
      goHome();
    });
    const stopElsewhere = onSessionEndedElsewhere(goHome);
    return () => {
      stopUnauthorized();
      stopElsewhere();
    };
  }, [navigate]);

  useEffect(() => {
    if (token) void useCustomerStore.getState().load();
  }, [token]);

  useEffect(() => {
    const target = unverifiedRedirect(location, customer);
    if (target) navigate(target, { replace: true });
  }, [location, customer, navigate]);
}
