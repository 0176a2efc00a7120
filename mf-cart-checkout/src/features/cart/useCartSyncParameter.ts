import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adoptCartSync, cartSyncQueryParameter } from '@shop/shared';

/**
 * docs/product-rules.md#screens, #states: a `cartSync` parameter replaces the cart with the carried items (server first, local decoding as
 * the fallback) and is removed from the address, so a reload or a shared link does not replace the cart again.
 */
export function useCartSyncParameter(): void {
  const [params, setParams] = useSearchParams();
  const value = params.get(cartSyncQueryParameter);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!value || handled.current === value) return;
    handled.current = value;
    void adoptCartSync(value).finally(() =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(cartSyncQueryParameter);
          return next;
        },
        { replace: true },
      ),
    );
  }, [value, setParams]);
}
