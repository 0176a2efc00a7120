import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { choose, pendingOrder } from '../order/test-support.ts';
import { invoicePdfJob, renderPendingInvoices } from './render-job.ts';
import { ensureInvoicePdf, InvoicePdfPending, renderInvoiceOnce } from './rendering.ts';
import { embeddedXml } from './test-support.ts';

describeEachDatabase('invoice PDFs rendered after the payment', (ctx) => {
  /** A paid order's invoice, as the payment leaves it: issued, its PDF pending. */
  const issuedInvoice = async () => {
    const pending = await pendingOrder(ctx);
    await choose(ctx, pending.providerId, 'paid');
    return ctx.db.kysely
      .selectFrom('invoice')
      .select(['id', 'number'])
      .where('invoice_order_id', '=', pending.order.id)
      .executeTakeFirstOrThrow();
  };
  const pdfRow = (invoiceId: number) =>
    ctx.db.kysely.selectFrom('invoice_pdf').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirstOrThrow();

  it('renders each pending invoice once, however many workers and readers ask at the same time', async () => {
    const invoices = [await issuedInvoice(), await issuedInvoice()];
    expect((await pdfRow(invoices[0]!.id)).pdf).toBeNull();
    const readers = invoices.flatMap(({ id }) => [1, 2, 3].map(() => ensureInvoicePdf(ctx.db.kysely, id)));
    const [contents, rendered] = await Promise.all([
      Promise.all(readers),
      Promise.all(['a', 'b'].map((workerId) => renderPendingInvoices(ctx.db.kysely, { workerId }))),
    ]);
    for (const [index, { id, number }] of invoices.entries()) {
      const row = await pdfRow(id);
      expect(row).toMatchObject({ renders: 1, claimed_by: null, claimed_until: null });
      expect(row.rendered_at).not.toBeNull();
      // Every reader got the stored bytes, and they are this invoice's.
      expect(contents.slice(index * 3, index * 3 + 3)).toEqual([row.pdf, row.pdf, row.pdf]);
      expect(await embeddedXml(new Uint8Array(Buffer.from(row.pdf!, 'base64')))).toContain(number);
    }
    expect(rendered.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(invoices.length);
    // Nothing is left for the next run, and it changes nothing.
    expect(await renderPendingInvoices(ctx.db.kysely, { workerId: 'a' })).toBe(0);
    expect(await renderInvoiceOnce(ctx.db.kysely, invoices[0]!.id)).toBe(false);
  });

  it('waits for another renderer’s claim, and takes over one that lapsed', async () => {
    const { id } = await issuedInvoice();
    const clock = Date.parse('2030-01-01T00:00:00Z');
    await ctx.db.kysely
      .updateTable('invoice_pdf')
      .set({ claimed_by: 'other', claimed_until: new Date(clock + 30_000).toISOString(), renders: 1 })
      .where('invoice_id', '=', id)
      .execute();
    // The other holds it: a reader waits, then gives up (a download answers 503 then).
    await expect(ensureInvoicePdf(ctx.db.kysely, id, { clock: () => clock, waitMs: 0 })).rejects.toThrow(
      InvoicePdfPending,
    );
    // The other died: once its claim lapsed, the next reader renders it.
    const content = await ensureInvoicePdf(ctx.db.kysely, id, { clock: () => clock + 30_000 });
    expect(await pdfRow(id)).toMatchObject({ pdf: content, renders: 2, claimed_by: null });
  });

  it('gives the claim back when rendering fails, and the job goes on with the next invoice', async () => {
    const broken = await issuedInvoice();
    const next = await issuedInvoice();
    // An invoice whose stored data cannot be drawn (only a test breaks a stored invoice).
    await ctx.db.kysely.updateTable('invoice').set({ data: '{}' }).where('id', '=', broken.id).execute();
    const onError = vi.fn();
    expect(await renderPendingInvoices(ctx.db.kysely, { workerId: 'w', onError })).toBeGreaterThanOrEqual(1);
    expect(onError).toHaveBeenCalledWith(broken.id, expect.any(Error));
    expect(await pdfRow(broken.id)).toMatchObject({ pdf: null, claimed_by: null, claimed_until: null, renders: 1 });
    expect((await pdfRow(next.id)).pdf).not.toBeNull();
    await ctx.db.kysely.deleteFrom('invoice_pdf').where('invoice_id', '=', broken.id).execute();
  });

  it('runs as a job on every process, logging an invoice it could not render', async () => {
    const { id } = await issuedInvoice();
    const log = { error: vi.fn() };
    const job = invoicePdfJob({ db: ctx.db.kysely, workerId: 'job', everyMs: 1000, log });
    expect(job).toMatchObject({ name: 'invoice-pdfs', concurrency: 'each', everyMs: 1000 });
    await job.run(new AbortController().signal);
    expect((await pdfRow(id)).pdf).not.toBeNull();
    expect(log.error).not.toHaveBeenCalled();
  });
});
