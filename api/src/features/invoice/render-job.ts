import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { invoicesAwaitingPdf, renderInvoiceOnce, type RenderOptions } from './rendering.ts';

/** Renders the pending invoices' PDFs; the number this worker rendered. */
export async function renderPendingInvoices(
  db: Kysely<Database>,
  options: RenderOptions & { signal?: AbortSignal; onError?: (invoiceId: number, error: unknown) => void } = {},
): Promise<number> {
  const { signal, onError = () => {}, ...render } = options;
  let rendered = 0;
  for (const invoiceId of await invoicesAwaitingPdf(db)) {
    if (signal?.aborted) break;
    // One invoice that cannot be rendered must not hold back the others; it is tried again next run.
    try {
      if (await renderInvoiceOnce(db, invoiceId, render)) rendered++;
    } catch (error) {
      onError(invoiceId, error);
    }
  }
  return rendered;
}

/**
 * The job that renders the PDFs of issued invoices (docs/decisions/0133-invoice-pdfs-rendered-by-job.md). Every
 * process runs it (`each`): each invoice is claimed on its own, so several processes share the work without
 * rendering one twice, and downloads and mails that come first render on demand the same way.
 */
export function invoicePdfJob({
  db,
  workerId,
  everyMs,
  log,
}: {
  db: Kysely<Database>;
  workerId: string;
  everyMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
}): JobDefinition {
  return {
    name: 'invoice-pdfs',
    everyMs,
    concurrency: 'each',
    async run(signal) {
      await renderPendingInvoices(db, {
        workerId,
        signal,
        onError: (invoiceId, error) =>
          log.error({ err: error, event: 'invoice_pdf_failed', invoiceId }, `Invoice ${invoiceId}: PDF not rendered`),
      });
    },
  };
}
