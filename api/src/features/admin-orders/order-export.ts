import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { centsToGermanDecimal } from '@shop/shared/money';
import { csvRows } from './csv.ts';

/** Orders read per query: the export holds one batch at a time, however long the year. */
export const exportBatchSize = 1000;

const columns = [
  ['number', 'Bestellnummer'],
  ['createdAt', 'Datum'],
  ['status', 'Status'],
  ['lastname', 'Nachname'],
  ['firstname', 'Vorname'],
  ['email', 'E-Mail'],
  ['country', 'Land'],
  ['paymentMethod', 'Zahlart'],
  ['total', 'Betrag (EUR)'],
] as const;

/** One calendar year's orders, oldest first, read by id in batches (keyset paging, no OFFSET). */
async function* yearRows(db: Kysely<Database>, year: number, batchSize: number) {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('shop_order as o')
      .leftJoin('order_billing_address as a', 'a.order_id', 'o.id')
      .select([
        'o.id',
        'o.increment_id',
        'o.created_at',
        'o.status',
        'o.email',
        'o.payment_method',
        'o.total_price_cents',
        'a.firstname',
        'a.lastname',
        'a.country',
      ])
      .where('o.created_at', '>=', `${year}-01-01T00:00:00.000Z`)
      .where('o.created_at', '<', `${year + 1}-01-01T00:00:00.000Z`)
      .where('o.id', '>', after)
      .orderBy('o.id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * `exportOrders`: a year's orders as CSV (UTF-8 with BOM), a stream that reads the next batch only when the
 * client has taken the last one, so a year of 100,000 orders never sits in memory.
 */
export function exportOrdersCsv(db: Kysely<Database>, year: number, batchSize = exportBatchSize): Readable {
  async function* csv() {
    yield csvRows(columns, [], { header: true });
    for await (const rows of yearRows(db, year, batchSize)) {
      yield csvRows(
        columns,
        rows.map((o) => ({
          number: o.increment_id,
          createdAt: o.created_at,
          status: o.status,
          lastname: o.lastname ?? '',
          firstname: o.firstname ?? '',
          email: o.email,
          country: o.country ?? '',
          paymentMethod: o.payment_method ?? '',
          total: centsToGermanDecimal(o.total_price_cents),
        })),
        { header: false },
      );
    }
  }
  return Readable.from(csv(), { objectMode: false });
}
