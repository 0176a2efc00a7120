import type { PaymentMethodId } from '@shop/shared/contract';
import { shopPaymentMethods } from './payment-methods.ts';
import type { PaymentProvider } from '../../payment-provider/provider.ts';

/** How long the provider's list of enabled methods is reused (enabling a method in Mollie's dashboard shows within this). */
export const offeredMethodsTtlMs = 10 * 60 * 1000;

export type OfferedMethods = () => Promise<ReadonlySet<PaymentMethodId>>;

/** After a failed request for the list, how long the last known one is used before asking again. */
export const offeredMethodsRetryMs = 60 * 1000;

/**
 * The shop's methods that the provider has enabled. The list is asked for at most once per `ttlMs`, one request at
 * a time; once a list is known, callers never wait for the provider: an outdated list is answered at once while a
 * fresh one is fetched in the background (so a checkout never waits for two slow provider calls). Before the first
 * answer, callers wait for it. A provider without such a list (sandbox) offers the shop's whole list. When the
 * provider cannot be asked, the last known list (the whole list before the first answer) stays in use and the
 * provider is asked again after `retryMs`: an outage of the methods API neither stops nor slows the cart.
 */
export function offeredMethodsOf(
  provider: PaymentProvider,
  {
    ttlMs = offeredMethodsTtlMs,
    retryMs = offeredMethodsRetryMs,
    now = () => Date.now(),
    onError = (error: unknown) => console.error('Payment methods could not be listed', error),
  }: { ttlMs?: number; retryMs?: number; now?: () => number; onError?: (error: unknown) => void } = {},
): OfferedMethods {
  const all: ReadonlySet<PaymentMethodId> = new Set(shopPaymentMethods);
  const list = provider.enabledMethods?.bind(provider);
  if (!list) return async () => all;
  let known: { methods: ReadonlySet<PaymentMethodId>; at: number } | null = null;
  let asking: Promise<ReadonlySet<PaymentMethodId>> | null = null;
  const refresh = () =>
    (asking ??= list()
      .then((enabled) => {
        const methods: ReadonlySet<PaymentMethodId> = new Set(shopPaymentMethods.filter((id) => enabled.has(id)));
        known = { methods, at: now() };
        return methods;
      })
      .catch((error: unknown) => {
        onError(error);
        const methods = known?.methods ?? all;
        known = { methods, at: now() - ttlMs + retryMs };
        return methods;
      })
      .finally(() => {
        asking = null;
      }));
  return async () => {
    if (!known) return refresh();
    if (now() - known.at >= ttlMs) void refresh();
    return known.methods;
  };
}
