import {
  type CaptureInput,
  type PaymentProvider,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
} from '../payment-provider/provider.ts';

/** How long the shop waits for the payment provider per call (docs/decisions/0002-mollie-payments.md). */
export const defaultProviderTimeoutMs = 5000;

/** Settles with the call, or rejects with PaymentProviderUnavailableError after `ms`; errors become that error too. */
async function bounded<T>(what: string, call: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PaymentProviderUnavailableError(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch (error) {
    // A refusal is an answer, not an outage: the caller tells the buyer something else.
    if (error instanceof PaymentProviderUnavailableError || error instanceof PaymentRefusedError) throw error;
    throw new PaymentProviderUnavailableError(
      `${what} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The provider as the shop uses it: every call answers within `timeoutMs` or fails with
 * PaymentProviderUnavailableError, whatever the provider's client does (Mollie's retries a 5xx twice, 2 s apart,
 * and has no timeout of its own). A late answer is ignored; its payment, if any, is unknown to the shop.
 */
export function guardedProvider(provider: PaymentProvider, timeoutMs = defaultProviderTimeoutMs): PaymentProvider {
  const enabledMethods = provider.enabledMethods?.bind(provider);
  const cancelPayment = provider.cancelPayment?.bind(provider);
  const capturePayment = provider.capturePayment?.bind(provider);
  return {
    name: provider.name,
    createPayment: (input) => bounded(`${provider.name} createPayment`, () => provider.createPayment(input), timeoutMs),
    fetchPayment: (id) => bounded(`${provider.name} fetchPayment`, () => provider.fetchPayment(id), timeoutMs),
    refund: (input) => bounded(`${provider.name} refund`, () => provider.refund(input), timeoutMs),
    ...(enabledMethods
      ? { enabledMethods: () => bounded(`${provider.name} enabledMethods`, enabledMethods, timeoutMs) }
      : {}),
    ...(cancelPayment
      ? { cancelPayment: (id: string) => bounded(`${provider.name} cancelPayment`, () => cancelPayment(id), timeoutMs) }
      : {}),
    ...(capturePayment
      ? {
          capturePayment: (input: CaptureInput) =>
            bounded(`${provider.name} capturePayment`, () => capturePayment(input), timeoutMs),
        }
      : {}),
  };
}
