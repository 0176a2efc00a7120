import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { InvoiceDocument } from './document.ts';

/**
 * An invoice's PDF is rendered once, outside the transaction that issued it (docs/decisions/0133-invoice-pdfs-
 * rendered-by-job.md), by whoever needs it first: the rendering job, a download, the confirmation mail's delivery.
 * Each first claims the pending `invoice_pdf` row with a conditional update, so of several processes exactly one
 * renders; the bytes are written once (`where pdf is null`) and never changed.
 */
export interface RenderOptions {
  /** The claimant's id (the job runner's workerId); this process's own by default. */
  workerId?: string;
  /** How long a claim holds: a renderer that died leaves the invoice to others after this (30 s). */
  claimMs?: number;
  /** Wall clock for claims (not the shop's `now`). */
  clock?: () => number;
}

const processWorkerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Claims, renders and stores one invoice's PDF; false when it is rendered already or another claimant has it. */
export async function renderInvoiceOnce(
  db: Kysely<Database>,
  invoiceId: number,
  { workerId = processWorkerId, claimMs = 30_000, clock = Date.now }: RenderOptions = {},
): Promise<boolean> {
  const now = clock();
  const claim = await db
    .updateTable('invoice_pdf')
    .set((eb) => ({
      claimed_by: workerId,
      claimed_until: new Date(now + claimMs).toISOString(),
      renders: eb('renders', '+', 1),
    }))
    .where('invoice_id', '=', invoiceId)
    .where('pdf', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', new Date(now).toISOString())]))
    .executeTakeFirst();
  if (claim.numUpdatedRows !== 1n) return false;
  const mine = db.updateTable('invoice_pdf').where('invoice_id', '=', invoiceId).where('claimed_by', '=', workerId);
  try {
    const { data } = await db
      .selectFrom('invoice')
      .select('data')
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    // Loaded when first needed: the e-invoice and PDF libraries cost each API process about 3 s at start.
    const { renderInvoicePdf } = await import('./pdf.ts');
    const pdf = await renderInvoicePdf(JSON.parse(data) as InvoiceDocument);
    await mine
      .where('pdf', 'is', null)
      .set({
        pdf: Buffer.from(pdf).toString('base64'),
        rendered_at: new Date(clock()).toISOString(),
        claimed_by: null,
        claimed_until: null,
      })
      .execute();
    return true;
  } catch (error) {
    // Given back at once, so that the next one asking (the job, a download) tries again without waiting out the claim.
    await mine.set({ claimed_by: null, claimed_until: null }).execute();
    throw error;
  }
}

/** Raised when an invoice's PDF could not be had in time (another renderer holds it): answered 503, retried. */
export class InvoicePdfPending extends Error {}

/**
 * The invoice's PDF (base64), rendered now if nobody has yet; when another claimant is rendering it, waits for its
 * result (or for its claim to lapse) up to `waitMs`. Null for an unknown invoice.
 */
export async function ensureInvoicePdf(
  db: Kysely<Database>,
  invoiceId: number,
  { waitMs = 20_000, pollMs = 100, ...options }: RenderOptions & { waitMs?: number; pollMs?: number } = {},
): Promise<string | null> {
  const clock = options.clock ?? Date.now;
  const giveUpAt = clock() + waitMs;
  for (;;) {
    const row = await db.selectFrom('invoice_pdf').select('pdf').where('invoice_id', '=', invoiceId).executeTakeFirst();
    if (!row) return null;
    if (row.pdf !== null) return row.pdf;
    if (await renderInvoiceOnce(db, invoiceId, options)) continue;
    if (clock() >= giveUpAt) throw new InvoicePdfPending(`The PDF of invoice ${invoiceId} is still being rendered`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Invoices whose PDF is still to be rendered, oldest first. */
export async function invoicesAwaitingPdf(db: Kysely<Database>, limit = 50): Promise<number[]> {
  const rows = await db
    .selectFrom('invoice_pdf')
    .select('invoice_id')
    .where('rendered_at', 'is', null)
    .orderBy('invoice_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.invoice_id);
}
