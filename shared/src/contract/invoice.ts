import { z } from 'zod';

/**
 * Invoices (docs/decisions/0116-invoices-issued-with-the-payment.md): each paid order's invoice and, for each refund,
 * a cancellation invoice referring to it. Issued once, never changed; the PDF carries its EN 16931 data (Factur-X).
 */
export const invoiceKinds = ['invoice', 'cancellation'] as const;
export const invoiceKindSchema = z.enum(invoiceKinds);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;

/** `RE-2026-000001` (invoices) or `ST-2026-000001` (cancellation invoices). */
export const invoiceNumberSchema = z.string().regex(/^(RE|ST)-\d{4}-\d{6}$/);

export const invoiceSummarySchema = z.lazy(() =>
  z.object({
    number: z.string(),
    kind: invoiceKindSchema,
    /** UTC instant. */
    issuedAt: z.iso.datetime(),
    /** EUR; negative for a cancellation (what was given back). */
    total: z.number(),
    /** The invoice a cancellation cancels; null for an invoice. */
    originalNumber: z.string().nullable(),
  }),
);
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceListSchema = z.lazy(() => z.array(invoiceSummarySchema));

/** One invoice's PDF for a download: the bytes in base64 (the API speaks JSON). */
export const invoiceFileSchema = z.lazy(() =>
  z.object({ filename: z.string(), contentType: z.literal('application/pdf'), content: z.string() }),
);
export type InvoiceFile = z.infer<typeof invoiceFileSchema>;

export const orderInvoiceParamsSchema = z.lazy(() =>
  z.object({ orderId: z.coerce.number().int().positive(), number: invoiceNumberSchema }).strict(),
);
