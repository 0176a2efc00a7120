import { z } from 'zod';
import { parseEnvironment, wholeNumberVariable } from '../config.ts';
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
  /** INVOICE_RENDER_MS: how often each process renders the PDFs of invoices issued since (5 s). */
  invoiceRenderMs: number;
}

/** A job interval or retry setting; the message names the variable and its range. */
const whole = (name: string, fallback: number, min: number, max: number) =>
  wholeNumberVariable(
    fallback,
    min,
    max,
    (raw) => `${name} must be a whole number from ${min} to ${max}, got "${raw}"`,
  );

const jobEnvironmentSchema = z.object({
  MAIL_DELIVERY_MS: whole('MAIL_DELIVERY_MS', 1000, 10, 60_000),
  MAIL_MAX_ATTEMPTS: whole('MAIL_MAX_ATTEMPTS', defaultRetryPolicy.maxAttempts, 1, 100),
  MAIL_RETRY_BASE_MS: whole('MAIL_RETRY_BASE_MS', defaultRetryPolicy.baseDelayMs, 10, 86_400_000),
  MAIL_RETRY_MAX_MS: whole('MAIL_RETRY_MAX_MS', defaultRetryPolicy.maxDelayMs, 10, 86_400_000),
  CLEANUP_INTERVAL_MS: whole('CLEANUP_INTERVAL_MS', 300_000, 100, 86_400_000),
  CAPTURE_RETRY_MS: whole('CAPTURE_RETRY_MS', 60_000, 100, 86_400_000),
  RETENTION_INTERVAL_MS: whole('RETENTION_INTERVAL_MS', 3_600_000, 100, 86_400_000),
  CASES_SWEEP_MS: whole('CASES_SWEEP_MS', 60_000, 100, 86_400_000),
  INVOICE_CANCELLATION_MS: whole('INVOICE_CANCELLATION_MS', 60_000, 100, 86_400_000),
  INVOICE_RENDER_MS: whole('INVOICE_RENDER_MS', 5_000, 100, 86_400_000),
});

export function loadJobConfig(env: NodeJS.ProcessEnv): JobConfig {
  const read = parseEnvironment(jobEnvironmentSchema, env);
  return {
    mailDeliveryMs: read.MAIL_DELIVERY_MS,
    mailRetry: {
      maxAttempts: read.MAIL_MAX_ATTEMPTS,
      baseDelayMs: read.MAIL_RETRY_BASE_MS,
      maxDelayMs: read.MAIL_RETRY_MAX_MS,
    },
    cleanupMs: read.CLEANUP_INTERVAL_MS,
    captureRetryMs: read.CAPTURE_RETRY_MS,
    retentionMs: read.RETENTION_INTERVAL_MS,
    casesSweepMs: read.CASES_SWEEP_MS,
    invoiceCancellationMs: read.INVOICE_CANCELLATION_MS,
    invoiceRenderMs: read.INVOICE_RENDER_MS,
  };
}
