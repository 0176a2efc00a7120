import { z } from 'zod';
import { languageSchema, moneySchema, textSchema } from './common.ts';
import { emailSchema, requiredText, ValidationCode } from './customer.ts';

/**
 * The consumer's withdrawal (docs/withdrawal-rules.md, docs/decisions/0011-withdrawal.md): the declaration the
 * withdrawal page sends, the receipt it gets back, and the rules of the period shared by checkout and server.
 */

/** Days of the withdrawal period after the contract is concluded. */
export const withdrawalPeriodDays = 14;

const utcDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/**
 * The last day on which a withdrawal is still in time for a contract concluded on `contractDate` (yyyy-MM-dd in
 * the shop's zone): the day of conclusion does not count, the period ends with the 14th day after it.
 */
export function withdrawalPeriodLastDay(contractDate: string): string {
  const date = utcDate(contractDate);
  date.setUTCDate(date.getUTCDate() + withdrawalPeriodDays);
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a course starting on `startDate` would begin before the withdrawal period of a contract concluded on
 * `contractDate` ends: then the consumer must expressly request the early start to order it.
 */
export const startsWithinWithdrawalPeriod = (startDate: string, contractDate: string): boolean =>
  startDate <= withdrawalPeriodLastDay(contractDate);

// Made on first use: a formatter with a time zone loads the zone data, tens of milliseconds of start-up on a phone
// for every page of every area, while only an order needs it (docs/performance.md#what-every-page-loads).
let contractDates: Intl.DateTimeFormat | undefined;

/** The day a contract concluded at `instant` was concluded, in the shop's zone (Berlin): yyyy-MM-dd. */
export const contractDateOf = (instant: Date): string =>
  (contractDates ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })).format(instant);

/** Whether an order of courses starting on `startDates`, concluded on `contractDate`, needs the early-start request. */
export const needsEarlyStartRequest = (startDates: readonly string[], contractDate: string): boolean =>
  startDates.some((startDate) => startsWithinWithdrawalPeriod(startDate, contractDate));

/** Field error of an order that needs the early-start request and does not carry it. */
export const earlyStartRequiredCode = ValidationCode.earlyStartRequired;

/** One position of an order the consumer withdraws from, by its kind and its id in the order. */
export const withdrawalPositionKinds = ['course', 'product', 'package'] as const;
export const withdrawalPositionSchema = z.lazy(() =>
  z.object({ kind: z.enum(withdrawalPositionKinds), id: z.number().int().positive() }).strict(),
);
export type WithdrawalPosition = z.infer<typeof withdrawalPositionSchema>;

/**
 * The declaration: name, contract (order number; a customer may name positions, none means the whole contract)
 * and the address for the receipt. Nothing else is asked for, no reason.
 */
export const withdrawalRequestSchema = z.lazy(() =>
  z
    .object({
      name: requiredText(200),
      orderNumber: textSchema.trim().min(1, 'required').max(40, 'too_long'),
      email: emailSchema,
      positions: z.array(withdrawalPositionSchema).max(100).default([]),
      locale: languageSchema.default('de'),
    })
    .strict(),
);
export type WithdrawalRequest = z.input<typeof withdrawalRequestSchema>;
export type ParsedWithdrawalRequest = z.output<typeof withdrawalRequestSchema>;

/** The withdrawal form's fields (the page adds the chosen positions and the language). */
export const withdrawalFormSchema = z.lazy(() =>
  withdrawalRequestSchema.unwrap().pick({ name: true, orderNumber: true, email: true }),
);
export type WithdrawalForm = z.input<typeof withdrawalFormSchema>;

/**
 * What became of a declaration at once: `withdrawn`, the positions are cancelled and the refund is under way;
 * `review`, the school decides (the reason says why the shop could not act on it alone); or
 * `awaiting_confirmation`, the answer to anybody but the order's logged-in owner, whatever the number and address:
 * what follows is in the mail to the address (a link that lets the shop act on it, when it matched an order by its
 * number and address; else that the school reviews it), so the answer tells nobody whether they belong together
 * (docs/withdrawal-rules.md).
 */
export const withdrawalOutcomes = ['withdrawn', 'review', 'awaiting_confirmation'] as const;
export type WithdrawalOutcome = (typeof withdrawalOutcomes)[number];

export const withdrawalReviewReasons = ['unknown_order', 'out_of_period', 'not_paid', 'already_withdrawn'] as const;
export type WithdrawalReviewReason = (typeof withdrawalReviewReasons)[number];

export const withdrawalReceiptSchema = z.lazy(() =>
  z.object({
    /** The receipt's number (the declaration's). */
    receiptNumber: z.string(),
    /** When the shop received the declaration (UTC instant). */
    receivedAt: z.iso.datetime(),
    name: z.string(),
    orderNumber: z.string(),
    email: z.string(),
    /** The positions named, as the order calls them; empty: the whole contract. */
    positions: z.array(z.string()),
    outcome: z.enum(withdrawalOutcomes),
    reviewReason: z.enum(withdrawalReviewReasons).nullable(),
    /** The amount that goes back (outcome withdrawn); null otherwise. */
    refundAmount: moneySchema.nullable(),
    /** Until when the confirmation link works (outcome awaiting_confirmation, UTC instant); null otherwise. */
    confirmationExpiresAt: z.iso.datetime().nullable(),
  }),
);
export type WithdrawalReceipt = z.infer<typeof withdrawalReceiptSchema>;

/**
 * POST /withdrawals/confirm: the single-use token of the link the receipt mail carried. The answer is the receipt
 * of the declaration it confirms, with its original receipt time and what became of it now.
 */
export const withdrawalConfirmRequestSchema = z.lazy(() =>
  z.object({ token: textSchema.trim().min(1, 'required').max(200, 'too_long') }).strict(),
);
export type WithdrawalConfirmRequest = z.input<typeof withdrawalConfirmRequestSchema>;

/** Why a confirmation link was refused (the error's code; the field `token` carries the same reason). */
export const WithdrawalErrorCode = {
  /** No such link (mistyped, or not one of ours): 400. */
  linkInvalid: 'WITHDRAWAL_LINK_INVALID',
  /** The link was used already: its declaration was acted on then (409). */
  linkUsed: 'WITHDRAWAL_LINK_USED',
  /** The link's time ran out: the declaration stays stored for the school (410). */
  linkExpired: 'WITHDRAWAL_LINK_EXPIRED',
} as const;

/** How much of an order is withdrawn: nothing, some positions, or all of them. */
export const orderWithdrawalStates = ['none', 'partial', 'withdrawn'] as const;
export const orderWithdrawalStateSchema = z.enum(orderWithdrawalStates);
export type OrderWithdrawalState = z.infer<typeof orderWithdrawalStateSchema>;

/** The withdrawal state of an order from how many of its positions are withdrawn. */
export function withdrawalStateOf(withdrawn: number, positions: number): OrderWithdrawalState {
  if (withdrawn === 0) return 'none';
  return withdrawn >= positions ? 'withdrawn' : 'partial';
}
