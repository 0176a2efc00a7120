import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The next order number (docs/product-rules.md#data incrementId), raised inside the caller's transaction: sequential, and a
 * rolled-back submit gives its number back. Holding the row lock until commit also orders concurrent submits.
 */
export async function nextOrderNumber(trx: Kysely<Database>): Promise<string> {
  const row = await trx
    .updateTable('order_number')
    .set({ last_value: sql`last_value + 1` })
    .where('id', '=', 1)
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return String(row.last_value);
}
