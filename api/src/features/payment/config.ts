import { z } from 'zod';
import { optionalText, parseEnvironment } from '../../config.ts';
import { isHttpsUrl } from '../../lib/urls.ts';

/** Which payment provider takes the money (docs/configuration.md). */
export type PaymentConfig = { provider: 'sandbox' } | { provider: 'mollie'; apiKey: string; apiUrl?: string };

const providers = ['sandbox', 'mollie'] as const;

/**
 * The payment variables as text: whether they fit together is judged by loadPaymentConfig and, for the mode, by
 * production-check.ts, which must see them even when they do not.
 */
const paymentEnvironmentSchema = z.object({
  PAYMENT_PROVIDER: optionalText,
  MOLLIE_API_KEY: optionalText,
  MOLLIE_API_URL: optionalText,
});

/** The payment variables as set, trimmed; null when unset or blank. */
export interface PaymentSettings {
  provider: string | null;
  mollieApiKey: string | null;
  mollieApiUrl: string | null;
}

/**
 * The one reader of PAYMENT_PROVIDER, MOLLIE_API_KEY and MOLLIE_API_URL: the provider's configuration below and
 * production mode's start check both judge what it read.
 */
export function paymentSettingsFromEnv(env: NodeJS.ProcessEnv): PaymentSettings {
  const read = parseEnvironment(paymentEnvironmentSchema, env);
  return {
    provider: read.PAYMENT_PROVIDER ?? null,
    mollieApiKey: read.MOLLIE_API_KEY ?? null,
    mollieApiUrl: read.MOLLIE_API_URL ?? null,
  };
}

/**
 * Reads PAYMENT_PROVIDER (`sandbox`, the default, or `mollie`), MOLLIE_API_KEY (required for mollie, `live_…` or
 * `test_…`) and MOLLIE_API_URL (optional, https; Mollie's own v2 endpoint when unset). Mollie settings without
 * PAYMENT_PROVIDER=mollie are refused rather than ignored: whoever set them expects real payments.
 */
export function loadPaymentConfig(env: NodeJS.ProcessEnv): PaymentConfig {
  const settings = paymentSettingsFromEnv(env);
  const provider = settings.provider ?? 'sandbox';
  const apiKey = settings.mollieApiKey ?? '';
  const apiUrl = settings.mollieApiUrl ?? '';
  if (!(providers as readonly string[]).includes(provider)) {
    throw new Error(`PAYMENT_PROVIDER must be one of ${providers.join(', ')}, got "${provider}"`);
  }
  if (provider === 'sandbox') {
    const stray = [apiKey && 'MOLLIE_API_KEY', apiUrl && 'MOLLIE_API_URL'].filter(Boolean);
    if (stray.length > 0)
      throw new Error(
        `${stray.join(' and ')} set, but PAYMENT_PROVIDER is not "mollie": set PAYMENT_PROVIDER=mollie or remove them`,
      );
    return { provider: 'sandbox' };
  }
  if (!apiKey) throw new Error('MOLLIE_API_KEY is required with PAYMENT_PROVIDER=mollie');
  if (!/^(live|test)_[A-Za-z0-9]+$/.test(apiKey))
    throw new Error('MOLLIE_API_KEY must be a Mollie API key (live_… or test_…)');
  if (apiUrl && !isHttpsUrl(apiUrl))
    throw new Error(`MOLLIE_API_URL must be an https:// URL (Mollie's client speaks only https), got "${apiUrl}"`);
  return { provider: 'mollie', apiKey, ...(apiUrl ? { apiUrl } : {}) };
}
