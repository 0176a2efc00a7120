import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * How many orders waiting for their payment one client (its rate-limit key, rate-limit/client-key.ts) may have
 * open at once (docs/product-rules.md#limits). One order carries a whole
 * family booking (up to 5 places per course, any number of courses), and a buyer who leaves the payment page and
 * orders again still has the first hold running until it ends: three covers that; a fourth unpaid order at
 * once from one address is no longer one household keeping places for itself.
 */
export const unpaidHoldsPerClient = 3;

/** The client has `unpaidHoldsPerClient` unpaid orders open: nothing was created (429 with Retry-After). */
export class TooManyUnpaidHoldsError extends Error {
  constructor(
    /** Seconds until the first of the client's holds ends (paying one frees a slot sooner). */
    readonly retryAfterSeconds: number,
  ) {
    super('Too many unpaid orders from this client');
  }
}

/**
 * Inside the submit's transaction, before places are taken: refuses when the client already has the maximum of
 * open unpaid holds. Rows of holds that ended are deleted first (by anyone's submit), so the table keeps a client
 * address only while its hold runs. On PostgreSQL the client's submits are serialised with an advisory lock
 * until commit, so parallel submits cannot all count the same free slot; SQLite runs one write at a time.
 */
export async function admitUnpaidHold(trx: Kysely<Database>, clientKey: string, now: Date): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(hashtext(${`unpaid-hold:${clientKey}`}))`.execute(trx);
  const at = now.toISOString();
  await trx.deleteFrom('order_hold_client').where('hold_expires_at', '<=', at).execute();
  const open = await trx
    .selectFrom('order_hold_client')
    .innerJoin('shop_order', 'shop_order.id', 'order_hold_client.order_id')
    .select('shop_order.hold_expires_at')
    .where('order_hold_client.client_key', '=', clientKey)
    .where('shop_order.status', 'in', ['pending', 'payment_pending'])
    .where('shop_order.hold_expires_at', '>', at)
    .orderBy('shop_order.hold_expires_at')
    .execute();
  if (open.length < unpaidHoldsPerClient) return;
  const firstEnd = Date.parse(open[0]!.hold_expires_at!);
  throw new TooManyUnpaidHoldsError(Math.max(1, Math.ceil((firstEnd - now.getTime()) / 1000)));
}

/** Records that the new unpaid order `orderId` is one of the client's holds until `holdExpiresAt`. */
export async function recordUnpaidHold(
  trx: Kysely<Database>,
  { orderId, clientKey, holdExpiresAt }: { orderId: number; clientKey: string; holdExpiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('order_hold_client')
    .values({ order_id: orderId, client_key: clientKey, hold_expires_at: holdExpiresAt.toISOString() })
    .execute();
}
