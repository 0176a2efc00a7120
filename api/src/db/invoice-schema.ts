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
  /** The PDF (Factur-X) as issued, base64. */
  pdf: string;
}

export interface InvoiceDatabase {
  invoice_number: InvoiceNumberTable;
  invoice: InvoiceTable;
}
