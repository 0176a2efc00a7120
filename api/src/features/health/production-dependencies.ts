import type { Mailer } from '../../mail/mailer.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';
import { type Dependency, type DependencyWatch, watchDependencies } from './dependencies.ts';

/** Every 30 s a silent service is asked again; one answer may take 10 s (the mailer's own connection timeout). */
const retryMs = 30_000;
const timeoutMs = 10_000;

/**
 * The services production cannot sell without: the mail server (the confirmation) and the payment provider. The
 * mail server is asked to log in (nodemailer's verify), Mollie to list the methods of the key's profile.
 */
export function productionDependencies({
  mailer,
  paymentProvider,
  log,
}: {
  mailer: Mailer;
  paymentProvider: PaymentProvider | undefined;
  log: DependencyWatchOptionsLog;
}): DependencyWatch {
  const dependencies: Dependency[] = [];
  if (mailer.verify) dependencies.push({ name: 'the mail server (SMTP_URL)', check: mailer.verify });
  const methods = paymentProvider?.enabledMethods?.bind(paymentProvider);
  if (methods) dependencies.push({ name: `the payment provider (${paymentProvider!.name})`, check: methods });
  return watchDependencies({ dependencies, retryMs, timeoutMs, log });
}

type DependencyWatchOptionsLog = Parameters<typeof watchDependencies>[0]['log'];
