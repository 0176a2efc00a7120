import type { ShopMode } from '@shop/shared/contract';
import { trustProxyProblem } from '../../http/trust-proxy.ts';
import { isHttpsUrl } from '../../lib/urls.ts';
import { smtpTlsProblem } from '../../mail/smtp-tls.ts';
import { paymentSettingsFromEnv } from '../payment/config.ts';

/**
 * What production mode requires before the API may start (docs/decisions/0003-production-mode.md). Raw settings
 * as the environment gives them, so the check is a pure function; the payment variables come from the payment
 * configuration's own reader, so both read them alike.
 */
export interface ProductionSettings {
  /** SMTP_URL: without it mails would go to the dev outbox; its options must not turn TLS off. */
  smtpUrl: string | null;
  /** SHOP_URL: links in mails, the provider's return and webhook URLs; must be https. */
  shopUrl: string | null;
  /** PAYMENT_PROVIDER: `mollie` is the one that takes real money; unset means the sandbox. */
  paymentProvider: string | null;
  /** MOLLIE_API_KEY. */
  mollieApiKey: string | null;
  /** NODE_TLS_REJECT_UNAUTHORIZED: `0` turns off certificate checks of every outgoing connection. */
  tlsRejectUnauthorized: string | null;
  /** TRUST_PROXY: `true` would let every client choose its own rate-limit key. */
  trustProxy: string | null;
}

const setting = (value: string | undefined): string | null => value?.trim() || null;

/** NODE_ENV=production selects production mode; anything else (or nothing) is development. */
export function shopModeFromEnv(env: NodeJS.ProcessEnv): ShopMode {
  return env.NODE_ENV?.trim() === 'production' ? 'production' : 'development';
}

export function productionSettingsFromEnv(env: NodeJS.ProcessEnv): ProductionSettings {
  const payment = paymentSettingsFromEnv(env);
  return {
    smtpUrl: setting(env.SMTP_URL),
    shopUrl: setting(env.SHOP_URL),
    paymentProvider: payment.provider,
    mollieApiKey: payment.mollieApiKey,
    tlsRejectUnauthorized: setting(env.NODE_TLS_REJECT_UNAUTHORIZED),
    trustProxy: setting(env.TRUST_PROXY),
  };
}

/** Every reason production mode cannot start with these settings, one short phrase each naming the variable. */
export function productionProblems(settings: ProductionSettings): string[] {
  const problems: string[] = [];
  if (!settings.smtpUrl) problems.push('SMTP_URL is not set (mails would go to the dev outbox)');
  const smtpTls = smtpTlsProblem(settings.smtpUrl);
  if (smtpTls) problems.push(smtpTls);
  if (settings.paymentProvider !== 'mollie') {
    problems.push(
      settings.paymentProvider === null
        ? 'PAYMENT_PROVIDER is not set (must be mollie; the sandbox takes no money)'
        : `PAYMENT_PROVIDER is "${settings.paymentProvider}" (must be mollie)`,
    );
  }
  if (!settings.mollieApiKey) problems.push('MOLLIE_API_KEY is not set');
  else if (mollieKeyMode(settings.mollieApiKey) === 'test')
    problems.push('MOLLIE_API_KEY is a test key (test_…, Mollie moves no money with it; production needs live_…)');
  if (!settings.shopUrl) problems.push("SHOP_URL is not set (must be the shop's https:// address)");
  else if (!isHttpsUrl(settings.shopUrl)) problems.push(`SHOP_URL is "${settings.shopUrl}" (must start with https://)`);
  if (settings.tlsRejectUnauthorized === '0')
    problems.push('NODE_TLS_REJECT_UNAUTHORIZED=0 turns certificate checks off (unset it)');
  // docs/product-rules.md#client-addresses-behind-a-proxy: behind a proxy, only the proxy's own entry says who the client is.
  const trustProxy = trustProxyProblem(settings.trustProxy);
  if (trustProxy) problems.push(trustProxy);
  return problems;
}

/**
 * Which money a Mollie key moves: a `test_` key none (anybody may press "paid" on Mollie's test page), a `live_`
 * key real money. The payment config accepts either (payment/config.ts); the mode decides which one fits.
 */
const mollieKeyMode = (key: string): 'test' | 'live' => (key.startsWith('live_') ? 'live' : 'test');

/**
 * What development mode refuses: a live Mollie key. Every development page says it is a test shop in which no
 * money moves, and the dev outbox answers this machine; a shop that takes real money runs in production mode
 * (docs/decisions/0003-production-mode.md).
 */
export function developmentProblems(settings: Pick<ProductionSettings, 'paymentProvider' | 'mollieApiKey'>): string[] {
  return settings.paymentProvider === 'mollie' &&
    settings.mollieApiKey &&
    mollieKeyMode(settings.mollieApiKey) === 'live'
    ? [
        'MOLLIE_API_KEY is a live key (live_…), but every page of a development shop says no real payment is made ' +
          '(use a test_… key, or NODE_ENV=production to take real payments)',
      ]
    : [];
}

/**
 * The one line main.ts prints before exiting when the settings do not fit the mode: production lacking something
 * it needs, or development given a live payment key. Null when the API may start.
 */
export function startRefusal(env: NodeJS.ProcessEnv): string | null {
  const mode = shopModeFromEnv(env);
  const settings = productionSettingsFromEnv(env);
  const problems = mode === 'production' ? productionProblems(settings) : developmentProblems(settings);
  if (problems.length === 0) return null;
  return mode === 'production'
    ? `Refusing to start in production mode (NODE_ENV=production): ${problems.join('; ')}.`
    : `Refusing to start in development mode: ${problems.join('; ')}.`;
}
