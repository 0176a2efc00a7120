import { z } from 'zod';

/**
 * How long the shop keeps each kind of personal data (listRetentionPeriods), read from the rules the retention
 * jobs enforce: `kind` names the data (the back office has its label), `period` how long, `basis` the rule.
 */
export const retentionUnits = ['minutes', 'hours', 'days', 'calendarYears', 'untilEvent'] as const;

export const retentionPeriodSchema = z.object({
  kind: z.string(),
  /** How many units; null with `untilEvent` (until the account is deleted, the course starts, …). */
  amount: z.number().int().positive().nullable(),
  unit: z.enum(retentionUnits),
  /** The legal rule or reason, as a lawyer cites it (`Art. 6(1)(f) GDPR`). */
  basis: z.string(),
  /** The job (or step) that enforces it. */
  enforcedBy: z.string(),
});
export type RetentionPeriod = z.infer<typeof retentionPeriodSchema>;
export const retentionPeriodListSchema = z.array(retentionPeriodSchema);
