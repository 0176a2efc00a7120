import { percentOfCents } from '@shop/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { isoDateInZone } from '../../lib/dates.ts';
import { withVat, type InvoiceDocument } from './document.ts';
import { nextInvoiceNumber } from './numbers.ts';
import { storeInvoice } from './store.ts';
import { inTransaction } from '../../db/database.ts';

/** Thrown inside the transaction to give the number back when another process issued the cancellation first. */
class AlreadyIssued extends Error {}

/**
 * The gross lines a refund cancels: the original's lines negated when the whole invoice is given back, else one
 * line per VAT category of the original, the refund spread over them by their amounts.
 */
export function cancelledLines(original: InvoiceDocument, refundCents: number) {
  if (refundCents === original.totalCents)
    return original.lines.map((line) => ({
      ...line,
      quantity: -line.quantity,
      discountCents: -line.discountCents,
      grossCents: -(line.netCents + percentOfCents(line.netCents, line.vat.ratePercent)),
    }));
  let left = refundCents;
  return original.vatBreakdown.map((group, index, all) => {
    const gross = group.netCents + group.vatCents;
    const share = index === all.length - 1 ? left : Math.round((refundCents * gross) / (original.totalCents || 1));
    left -= share;
    return {
      name: `Erstattung zu Rechnung ${original.number}`,
      quantity: 1,
      unitCents: share,
      discountCents: 0,
      grossCents: -share,
      vat: group.vat,
    };
  });
}

/**
 * Issues the cancellation invoice (Stornorechnung) of one issued refund, numbered from its own gap-free series
 * (`ST-<year>-…`) and referring to the order's invoice. Returns its number, or null when there is nothing to do
 * (no invoice to cancel, or another process was first).
 */
export async function issueCancellation(db: Kysely<Database>, refundId: number, now: Date): Promise<string | null> {
  const refund = await db
    .selectFrom('refund')
    .innerJoin('invoice', 'invoice.invoice_order_id', 'refund.order_id')
    .select(['refund.order_id', 'refund.amount_cents', 'invoice.id as invoice_id', 'invoice.data'])
    .where('refund.id', '=', refundId)
    .where('refund.status', '=', 'issued')
    .executeTakeFirst();
  if (!refund) return null;
  const original = JSON.parse(refund.data) as InvoiceDocument;
  const issueDate = isoDateInZone(now);
  try {
    return await inTransaction(db, async (trx) => {
      const number = await nextInvoiceNumber(trx, 'ST', Number(issueDate.slice(0, 4)));
      // Checked after the series' lock is held: a second process waits there, then finds the first one's row.
      const done = await trx.selectFrom('invoice').select('id').where('refund_id', '=', refundId).executeTakeFirst();
      if (done) throw new AlreadyIssued();
      const doc: InvoiceDocument = {
        ...original,
        kind: 'cancellation',
        number,
        issueDate,
        ...withVat(cancelledLines(original, refund.amount_cents)),
        original: { number: original.number, issueDate: original.issueDate },
      };
      // Rendered after the commit, like the invoice's: the series' lock is held only for the row's write.
      await storeInvoice(trx, { doc, orderId: refund.order_id, refundId, originalInvoiceId: refund.invoice_id, now });
      return number;
    });
  } catch (error) {
    if (error instanceof AlreadyIssued) return null;
    throw error;
  }
}

/** Issued refunds of invoiced orders that have no cancellation invoice yet, oldest first. */
export async function refundsAwaitingCancellation(db: Kysely<Database>, limit = 50): Promise<number[]> {
  const rows = await db
    .selectFrom('refund')
    .innerJoin('invoice', 'invoice.invoice_order_id', 'refund.order_id')
    .leftJoin('invoice as cancellation', 'cancellation.refund_id', 'refund.id')
    .select('refund.id')
    .where('refund.status', '=', 'issued')
    .where('cancellation.id', 'is', null)
    .orderBy('refund.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The job that answers every issued refund with a cancellation invoice, however the refund was issued (a withdrawal,
 * a refund from the back office): it looks at the refund rows, so it needs no hook in the paths that issue them.
 */
export function invoiceCancellationJob({
  db,
  now,
  everyMs,
  log,
}: {
  db: Kysely<Database>;
  now: () => Date;
  everyMs: number;
  log: Pick<FastifyBaseLogger, 'info'>;
}): JobDefinition {
  return {
    name: 'invoice-cancellations',
    everyMs,
    async run(signal) {
      for (const refundId of await refundsAwaitingCancellation(db)) {
        if (signal.aborted) return;
        const number = await issueCancellation(db, refundId, now());
        if (number) log.info({ event: 'invoice-cancellation', refundId, number }, 'Cancellation invoice issued');
      }
    },
  };
}
