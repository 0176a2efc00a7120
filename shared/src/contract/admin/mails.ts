import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.ts';

/** Mails the outbox gave up on (listFailedMails), newest first, and putting them back in the queue (retryMail). */
export const listFailedMailsQuerySchema = pageQuerySchema;

export const failedMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  /** The last delivery error, as the mail server gave it (without the recipient). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export const failedMailPageSchema = pageOf(failedMailSchema);

/** One or more mails by id, or every failed mail (`all: true`). */
export const retryMailBodySchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type RetryMailBody = z.infer<typeof retryMailBodySchema>;

/** How many went back to the queue (a mail already queued again or delivered is not counted twice). */
export const retryMailResultSchema = z.object({ requeued: z.number().int().nonnegative() });
