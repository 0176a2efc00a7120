import { z } from 'zod';

/**
 * The API's envelope (docs/architecture.md#api): success is `200 { result }`, failure a 4xx/5xx with `{ error, meta? }`.
 * Both the server (to serialise) and the client (to unwrap) use these schemas.
 */
export const successEnvelope = <T extends z.ZodType>(result: T) => z.object({ result });

export const errorBodySchema = z.lazy(() =>
  z.object({
    error: z.object({
      /** UPPER_SNAKE machine code, e.g. VALIDATION_ERROR, NOT_FOUND. */
      code: z.string(),
      /** Developer-facing English message. */
      message: z.string(),
      /** Field path (dot-joined) → message, for 400 validation errors. */
      fields: z.record(z.string(), z.string()).optional(),
    }),
    meta: z.object({ message: z.string() }).optional(),
  }),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  internal: 'INTERNAL_ERROR',
} as const;
