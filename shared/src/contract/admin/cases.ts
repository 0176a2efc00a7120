import { z } from 'zod';
import { multilineTextSchema, textSchema } from '../common.ts';
import { emailSchema } from '../customer.ts';
import { centsValueSchema, pageOf, pageQuerySchema, positiveCentsSchema } from './common.ts';

/**
 * Cases that need a person (listCases, resolveCase, refundOrder; docs/backoffice.md#cases): one queue of what the
 * shop could not settle alone, newest first, each opened once per cause by whichever process saw it first.
 */
export const caseKinds = [
  /** Money arrived after the order's hold had ended (the order is cancelled): refund it. */
  'late_payment',
  /** The provider reports another amount or currency than the order owes. */
  'amount_mismatch',
  /** A position of a course the school cancelled, paid for or waiting for its money. */
  'course_cancelled',
  /** The buyer's bank took money back. */
  'chargeback',
  /** A withdrawal declaration the shop could not act on alone (unknown order, late, unpaid, …). */
  'withdrawal_review',
  /** A withdrawal declaration whose confirmation link ran out unused. */
  'confirmation_unused',
  /** A mail the outbox gave up on. */
  'mail_failed',
  /** An authorized payment whose capture failed again and again. */
  'capture_failing',
  /** A refund the provider refused (its reason in the note). */
  'refund_refused',
] as const;
export const caseKindSchema = z.enum(caseKinds);
export type CaseKind = z.infer<typeof caseKindSchema>;
/** The kinds that mean money the shop holds and should give back (the back office's "refund required" filter). */
export const refundCaseKinds: readonly CaseKind[] = ['late_payment', 'amount_mismatch', 'course_cancelled'];

export const orderCaseSchema = z.object({
  id: z.number().int(),
  kind: caseKindSchema,
  status: z.enum(['open', 'closed']),
  /** The order it is about; null for a failed mail to somebody who never ordered. */
  orderId: z.number().int().nullable(),
  incrementId: z.string().nullable(),
  email: z.string().nullable(),
  courseBookingId: z.number().int().nullable(),
  courseId: z.number().int().nullable(),
  courseIdentifier: z.string().nullable(),
  paymentId: z.number().int().nullable(),
  withdrawalId: z.number().int().nullable(),
  mailId: z.number().int().nullable(),
  refundId: z.number().int().nullable(),
  /** The money at stake, in cents (0 where none is, e.g. a failed mail). */
  amountCents: centsValueSchema,
  /** What happened, as the shop recorded it. */
  note: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  resolvedBy: z.number().int().nullable(),
  resolutionNote: z.string().nullable(),
});
export type OrderCase = z.infer<typeof orderCaseSchema>;

export const listCasesQuerySchema = pageQuerySchema.extend({
  status: z.enum(['open', 'closed']).optional(),
  kind: caseKindSchema.optional(),
  /** Only the kinds of refundCaseKinds. */
  refundRequired: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  orderId: z.coerce.number().int().positive().optional(),
});
export const casePageSchema = pageOf(orderCaseSchema);

/** resolveCase: closing a case takes a note of what was done (audited). */
export const resolveCaseBodySchema = z
  .object({ note: multilineTextSchema.trim().min(1, 'required').max(2000, 'too_long') })
  .strict();

/**
 * refundOrder (owner only): gives money back through the payment provider; without `amountCents` all that the shop
 * still holds of the payment. `caseId` closes that case once the refund is issued.
 */
export const refundOrderBodySchema = z
  .object({
    amountCents: positiveCentsSchema.optional(),
    reason: textSchema.trim().min(1, 'required').max(500, 'too_long'),
    caseId: z.number().int().positive().optional(),
  })
  .strict();
export type RefundOrderBody = z.infer<typeof refundOrderBodySchema>;

export const refundStatusSchema = z.enum(['pending', 'issued', 'failed']);
export const adminRefundSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  amountCents: centsValueSchema,
  status: refundStatusSchema,
  /** The provider's id once issued; its refusal when it refused. */
  providerRefundId: z.string().nullable(),
  failureReason: z.string().nullable(),
  reason: z.string(),
  withdrawalId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** What the shop still holds of an order's payment (getRefundable; the refund dialog shows it). */
export const refundableSchema = z.object({
  orderId: z.number().int(),
  incrementId: z.string(),
  paidCents: centsValueSchema,
  refundedCents: centsValueSchema,
  chargedBackCents: centsValueSchema,
  /** paid − refunded (issued or pending) − charged back; never below 0. */
  refundableCents: centsValueSchema,
  refunds: z.array(adminRefundSchema),
});
export type Refundable = z.infer<typeof refundableSchema>;

export const CaseErrorCode = {
  /** More than the shop still holds of the payment, or no paid payment at all. */
  refundTooHigh: 'REFUND_TOO_HIGH',
  /** The provider refused the refund; it stays a case with the provider's reason. */
  refundRefused: 'REFUND_REFUSED',
  /** The case is closed already. */
  caseClosed: 'CASE_CLOSED',
} as const;

/** Notices to the school (getNoticeSettings, updateNoticeSettings; owner only). */
export const noticeSettingsSchema = z.object({
  /** '' : the school identity's address. */
  recipient: z.union([z.literal(''), emailSchema]),
  /** Where the notices go now (the recipient, or the identity's address; null: nowhere yet). */
  effectiveRecipient: z.string().nullable(),
  orderPaid: z.boolean(),
  withdrawal: z.boolean(),
  newCase: z.boolean(),
  dailyDigest: z.boolean(),
});
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;
export const updateNoticeSettingsBodySchema = noticeSettingsSchema.omit({ effectiveRecipient: true }).strict();
export type UpdateNoticeSettingsBody = z.infer<typeof updateNoticeSettingsBodySchema>;
