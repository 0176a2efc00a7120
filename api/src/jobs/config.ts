import { defaultRetryPolicy, type RetryPolicy } from '../mail/delivery.ts';

/** Background-job settings from the environment (docs/decisions/0008-outbox-and-jobs.md). */
export interface JobConfig {
  /** MAIL_DELIVERY_MS: how often each process looks for mails to deliver (1000). */
  mailDeliveryMs: number;
  /** MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS: retries with a doubling wait. */
  mailRetry: RetryPolicy;
  /** CLEANUP_INTERVAL_MS: how often expired tokens, sessions, parked carts and rate-limit counters go (5 min). */
  cleanupMs: number;
  /** CAPTURE_RETRY_MS: how often due captures of authorized payments are tried again (1 min). */
  captureRetryMs: number;
  /** RETENTION_INTERVAL_MS: how often each retention job forgets what its period ended for (1 hour). */
  retentionMs: number;
  /** CASES_SWEEP_MS: how often the case sweep looks for unused withdrawal links, pending refunds, the digest (1 min). */
  casesSweepMs: number;
  /** INVOICE_CANCELLATION_MS: how often issued refunds are answered with their cancellation invoice (1 min). */
  invoiceCancellationMs: number;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  const value = Number(raw || fallback);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

export function loadJobConfig(env: NodeJS.ProcessEnv = process.env): JobConfig {
  return {
    mailDeliveryMs: whole(env, 'MAIL_DELIVERY_MS', 1000, 10, 60_000),
    mailRetry: {
      maxAttempts: whole(env, 'MAIL_MAX_ATTEMPTS', defaultRetryPolicy.maxAttempts, 1, 100),
      baseDelayMs: whole(env, 'MAIL_RETRY_BASE_MS', defaultRetryPolicy.baseDelayMs, 10, 86_400_000),
      maxDelayMs: whole(env, 'MAIL_RETRY_MAX_MS', defaultRetryPolicy.maxDelayMs, 10, 86_400_000),
    },
    cleanupMs: whole(env, 'CLEANUP_INTERVAL_MS', 300_000, 100, 86_400_000),
    captureRetryMs: whole(env, 'CAPTURE_RETRY_MS', 60_000, 100, 86_400_000),
    retentionMs: whole(env, 'RETENTION_INTERVAL_MS', 3_600_000, 100, 86_400_000),
    casesSweepMs: whole(env, 'CASES_SWEEP_MS', 60_000, 100, 86_400_000),
    invoiceCancellationMs: whole(env, 'INVOICE_CANCELLATION_MS', 60_000, 100, 86_400_000),
  };
}
