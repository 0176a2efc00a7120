import { z } from 'zod';
import { isoDateSchema, textSchema } from '../common.ts';
import { emailSchema, nameSchema } from '../customer.ts';
import { orderStatusSchema } from '../order.ts';
import { idParamsSchema, instantSchema, pageOf, pageQuerySchema, searchTextSchema, sortQuery } from './common.ts';

/**
 * Orders in the back office (listOrders, getOrder, updateOrderParticipant, resendOrderConfirmation, exportOrders).
 * Money is integer cents on the wire here (`…Cents`): these calls show what was charged, never a price to set.
 */

/** Newest first unless sorted otherwise; `q` finds an order number, a buyer's name or e-mail address. */
export const listOrdersQuerySchema = pageQuerySchema.extend({
  ...sortQuery(['createdAt', 'incrementId', 'totalCents']),
  order: z.enum(['asc', 'desc']).default('desc'),
  q: searchTextSchema.optional(),
  status: orderStatusSchema.optional(),
  /** Orders made on or after this day (the shop's time zone is not applied: UTC days). */
  from: isoDateSchema.optional(),
  /** Orders made on or before this day. */
  to: isoDateSchema.optional(),
  /** Orders with a position of this course. */
  courseId: z.coerce.number().int().positive().optional(),
  paymentMethod: textSchema.trim().max(50).optional(),
});
export type ListOrdersQuery = z.infer<typeof listOrdersQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  incrementId: z.string(),
  createdAt: instantSchema,
  status: z.string(),
  email: z.string(),
  /** The billing person's name ('' for an anonymised order). */
  name: z.string(),
  totalCents: z.number().int(),
  paymentMethod: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export const orderPageSchema = pageOf(adminOrderSummarySchema);

export const adminParticipantSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birthYear: z.string().nullable(),
});
export type AdminParticipant = z.infer<typeof adminParticipantSchema>;

const withdrawn = { withdrawalId: z.number().int().nullable() };

export const adminOrderSchema = adminOrderSummarySchema.extend({
  customerId: z.number().int().nullable(),
  locale: z.string(),
  comment: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  chargedBackCents: z.number().int(),
  billingAddress: z
    .object({
      firstname: z.string(),
      lastname: z.string(),
      addressLine1: z.string(),
      addressLine2: z.string(),
      zip: z.string(),
      city: z.string(),
      country: z.string(),
      phone: z.string().nullable(),
      birthYear: z.string().nullable(),
    })
    .nullable(),
  courses: z.array(
    z.object({
      id: z.number().int(),
      courseId: z.number().int(),
      identifier: z.string(),
      title: z.string(),
      startDate: z.string(),
      quantity: z.number().int(),
      totalCents: z.number().int(),
      discountCents: z.number().int(),
      creditsApplied: z.number().int(),
      cancelledAt: z.string().nullable(),
      participants: z.array(adminParticipantSchema),
      ...withdrawn,
    }),
  ),
  products: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int(),
      title: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      discountCents: z.number().int(),
      /** What the line costs: list price times quantity less the discount, as the server reckons it. */
      totalCents: z.number().int(),
      ...withdrawn,
    }),
  ),
  packages: z.array(
    z.object({
      id: z.number().int(),
      courseType: z.number().int(),
      amount: z.number().int(),
      quantity: z.number().int(),
      totalCents: z.number().int(),
      ...withdrawn,
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      method: z.string().nullable(),
      /** The provider's id of the payment (Mollie's `tr_…`). */
      transactionId: z.string().nullable(),
      status: z.string(),
      amountCents: z.number().int(),
      refundRequired: z.boolean(),
      captureStatus: z.string().nullable(),
      /** The provider's id of the capture. */
      captureId: z.string().nullable(),
      captureError: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      amountCents: z.number().int(),
      status: z.string(),
      providerRefundId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  withdrawals: z.array(z.object({ id: z.number().int(), receivedAt: z.string(), name: z.string(), email: z.string() })),
  /** Credits: what the order spent of the buyer's balance, and the balances it bought. */
  creditsUsed: z.array(z.object({ balanceId: z.number().int(), amount: z.number().int() })),
  creditsBought: z.array(
    z.object({ id: z.number().int(), courseType: z.number().int(), balance: z.number().int(), validUntil: z.string() }),
  ),
  /** The discount codes the positions were priced with. */
  codes: z.array(z.string()),
  mails: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      subject: z.string(),
      status: z.enum(['queued', 'sending', 'sent', 'failed']),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  audit: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const orderParticipantParamsSchema = idParamsSchema.extend({
  participantId: z.coerce.number().int().positive(),
});

/** A correction of a participant's name or address: the fields that change, at least one. */
export const updateOrderParticipantBodySchema = z
  .object({ firstname: nameSchema, lastname: nameSchema, email: emailSchema })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'required' });
export type UpdateOrderParticipantBody = z.infer<typeof updateOrderParticipantBodySchema>;

export const updateOrderParticipantResultSchema = z.object({
  participant: adminParticipantSchema,
  /** Whether the buyer was mailed (nothing changed: no mail). */
  mailQueued: z.boolean(),
});

export const resendConfirmationResultSchema = z.object({ mailQueued: z.literal(true) });

/** A calendar year's orders as CSV (streamed). */
export const exportOrdersQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
