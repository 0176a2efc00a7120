import { z } from 'zod';
import { invoiceFileSchema, invoiceKindSchema, invoiceNumberSchema } from '../invoice.ts';
import { centsValueSchema, instantSchema, pageOf, pageQuerySchema, searchTextSchema } from './common.ts';

/** An invoice as the back office lists it (docs/decisions/0116-invoices-issued-with-the-payment.md). */
export const adminInvoiceSchema = z.object({
  number: z.string(),
  kind: invoiceKindSchema,
  issuedAt: instantSchema,
  orderId: z.number().int(),
  orderNumber: z.string(),
  /** The invoice recipient as issued. */
  buyerName: z.string(),
  /** Negative for a cancellation. */
  totalCents: centsValueSchema,
  originalNumber: z.string().nullable(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

/** `listInvoices`: newest first; `q` finds an invoice or order number or the recipient's name. */
export const listInvoicesQuerySchema = pageQuerySchema.extend({
  q: searchTextSchema.optional(),
  kind: invoiceKindSchema.optional(),
  orderId: z.coerce.number().int().positive().optional(),
  /** Issued at or after this instant. */
  from: instantSchema.optional(),
  /** Issued before this instant. */
  to: instantSchema.optional(),
});
export const invoicePageSchema = pageOf(adminInvoiceSchema);

/** `getInvoice`: one invoice with its PDF. */
export const adminInvoiceDetailSchema = adminInvoiceSchema.extend({ file: invoiceFileSchema });
export const invoiceNumberParamsSchema = z.object({ number: invoiceNumberSchema });
