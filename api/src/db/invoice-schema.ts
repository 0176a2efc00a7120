import type { Generated } from 'kysely';

/** Kysely's view of the invoice tables (migration 0116, docs/decisions/0116-invoices-issued-with-the-payment.md). */
export interface InvoiceNumberTable {
  /** The series and year, e.g. `RE-2026`. */
  series: string;
  last_value: number;
}

export interface InvoiceTable {
  id: Generated<number>;
  number: string;
  /** `invoice` or `cancellation`. */
  kind: string;
  order_id: number;
  /** The order again for an invoice, null for a cancellation: unique, so an order has one invoice. */
  invoice_order_id: number | null;
  /** The refund a cancellation answers (unique); null for an invoice. */
  refund_id: number | null;
  original_invoice_id: number | null;
  /** What the document totals: positive for an invoice, negative for a cancellation. */
  total_cents: number;
  issued_at: string;
  /** The document's data as issued (InvoiceDocument, JSON). */
  data: string;
}

/** An invoice's PDF (migration 0134, docs/decisions/0133-invoice-pdfs-rendered-by-job.md): rendered once, later. */
export interface InvoicePdfTable {
  invoice_id: number;
  /** The PDF (Factur-X), base64; null until rendered, then never changed. */
  pdf: string | null;
  rendered_at: string | null;
  /** Claims taken to render it: 1 when it was rendered once. */
  renders: Generated<number>;
  claimed_by: string | null;
  claimed_until: string | null;
}

export interface InvoiceDatabase {
  invoice_number: InvoiceNumberTable;
  invoice: InvoiceTable;
  invoice_pdf: InvoicePdfTable;
}
