import { z } from 'zod';

/**
 * GET /api/health in development: the process is alive and answers (nothing else is checked). A production API
 * answers the same without `database` (docs/decisions/0075-public-checks-and-the-result-mail.md).
 */
export const healthSchema = z.lazy(() =>
  z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }),
);

/**
 * GET /api/ready: the process may take traffic; while it is not, it answers 503 NOT_READY, naming what fails in
 * development only (production logs it). `degraded`: it takes traffic, but its rate limits are counted by this process
 * alone (Redis at REDIS_URL does not answer), each at its share of the limit.
 */
export const readinessSchema = z.lazy(() =>
  z.object({
    status: z.enum(['ready', 'degraded']),
    checks: z.object({
      database: z.literal('ok'),
      migrations: z.literal('ok'),
      configuration: z.literal('ok'),
      rateLimits: z.enum(['shared', 'per-process']),
    }),
  }),
);

export const HealthErrorCode = { notReady: 'NOT_READY' } as const;
