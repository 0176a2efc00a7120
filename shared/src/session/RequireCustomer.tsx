import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuthStore } from '../stores/auth.ts';
import { useCustomerStore } from '../stores/customer.ts';
import { Banner, Button } from '../ui/primitives.tsx';
import type { LoginOriginState } from './redirects.ts';

/**
 * A screen for logged-in, verified customers only (docs/product-rules.md#states "Protected use when unauthenticated redirects to
 * /login remembering the origin"). Logged out: to /login with the origin in the router state. Its children
 * render only once the customer is loaded and verified, so they never call the API without a session.
 */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const token = useAuthStore((state) => state.token);
  const customer = useCustomerStore((state) => state.customer);
  const status = useCustomerStore((state) => state.status);
  // A session that ends while the screen is open (logout here or in another tab, a 401) goes home, which the
  // session guard does; sending the visitor to /login as well would race it and win.
  const hadSession = useRef(token !== null);
  if (token) hadSession.current = true;

  useEffect(() => {
    if (token) void useCustomerStore.getState().load();
  }, [token]);

  if (!token && hadSession.current) return null;
  if (!token) {
    const state: LoginOriginState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (status === 'error') {
    return (
      <Banner tone="alert">
        <p>{t('common.loadFailed')}</p>
        <Button
          onClick={(event) => {
            // The notice and this button give way to the loading message: the focus goes to the page's main
            // content first instead of dropping to the top of the page (WCAG 2.4.3; record 0064's later note).
            event.currentTarget.closest('main')?.focus({ preventScroll: true });
            void useCustomerStore.getState().load({ force: true });
          }}
        >
          {t('common.retry')}
        </Button>
      </Banner>
    );
  }
  // Unverified: the session guard is on its way to the waiting page.
  if (!customer?.isEmailVerified) return <p role="status">{t('common.loading')}</p>;
  return <>{children}</>;
}
