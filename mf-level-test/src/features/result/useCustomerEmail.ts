import { useEffect } from 'react';
import { useCustomerStore } from '@shop/shared';

/**
 * The logged-in customer's address, to prefill the result e-mail (docs/product-rules.md#validation), from the shared customer store
 * (one request for the whole page); empty for guests and until it has loaded.
 */
export function useCustomerEmail(loggedIn: boolean): string {
  const email = useCustomerStore((state) => state.customer?.email ?? '');
  const load = useCustomerStore((state) => state.load);
  useEffect(() => {
    if (loggedIn) void load();
  }, [loggedIn, load]);
  return loggedIn ? email : '';
}
