import { parseHstsIncludeSubDomains } from '@shop/shared/server';
import { loadConfig } from '../../config.ts';
import { trustProxyFromEnv } from '../../http/trust-proxy.ts';
import { loadJobConfig } from '../../jobs/config.ts';
import { loadMailConfig } from '../../mail/config.ts';
import { loadPaymentConfig } from '../payment/config.ts';

/**
 * Every reader of the server's settings, each throwing on its first value it cannot use (a number that is none, a
 * malformed key or address). Run here before the start, they cannot fail later, after the database file exists,
 * with a stack trace instead of the one line main.ts prints.
 */
const readers: ((env: NodeJS.ProcessEnv) => unknown)[] = [
  loadConfig,
  loadMailConfig,
  loadPaymentConfig,
  loadJobConfig,
  (env) => trustProxyFromEnv(env.TRUST_PROXY),
  (env) => parseHstsIncludeSubDomains(env.HSTS_INCLUDE_SUBDOMAINS),
];

/**
 * The one line main.ts prints when a setting is malformed, naming each reader's problem; null when every setting
 * can be read. Checked after the mode's own refusal (production-check.ts), which speaks of what is missing.
 */
export function malformedSettingsRefusal(env: NodeJS.ProcessEnv): string | null {
  const problems = readers.flatMap((read) => {
    try {
      read(env);
      return [];
    } catch (error) {
      return [error instanceof Error ? error.message : String(error)];
    }
  });
  return problems.length === 0 ? null : `Refusing to start: ${problems.join('; ')}.`;
}
