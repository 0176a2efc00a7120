import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** `RE`: invoices; `ST`: cancellation invoices (Stornorechnungen), each gap-free on its own. */
export type InvoiceSeries = 'RE' | 'ST';

/** The year the number counts in: the issue date's year in the shop's time zone would differ only at New Year's. */
const seriesKey = (series: InvoiceSeries, year: number) => `${series}-${year}`;

export const formatInvoiceNumber = (series: InvoiceSeries, year: number, value: number) =>
  `${seriesKey(series, year)}-${String(value).padStart(6, '0')}`;

/**
 * The next number of a series. Call it inside the transaction that stores the invoice: the upsert takes the
 * series' row lock (PostgreSQL) or the write lock (SQLite) until commit, so concurrent issuers queue, and a rollback
 * gives the number back: the series stays gap-free.
 */
export async function nextInvoiceNumber(trx: Kysely<Database>, series: InvoiceSeries, year: number): Promise<string> {
  const row = await trx
    .insertInto('invoice_number')
    .values({ series: seriesKey(series, year), last_value: 1 })
    .onConflict((oc) => oc.column('series').doUpdateSet({ last_value: sql`invoice_number.last_value + 1` }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return formatInvoiceNumber(series, year, row.last_value);
}
