import type { CustomerTokenPurpose } from './customer-schema.ts';
import type { Db } from './database.ts';

/** The tables of links a customer gets by mail, each usable once: login links, and the other links by purpose. */
export type OnceLink = { table: 'customer_login_link' } | { table: 'customer_token'; purpose: CustomerTokenPurpose };

/**
 * Uses up a mailed link by its token's hash: it must be for `email`, unexpired and unused, else null. Marking it
 * used is one conditional UPDATE, so two clicks racing each other cannot both succeed.
 */
export async function consumeOnce(
  db: Db,
  link: OnceLink,
  { tokenHash, email, now }: { tokenHash: string; email: string; now: Date },
): Promise<{ customerId: number; email: string } | null> {
  let candidate = db.kysely
    .selectFrom(link.table)
    .select(['id', 'customer_id', 'email'])
    .where('token_hash', '=', tokenHash)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString());
  if (link.table === 'customer_token') candidate = candidate.where('purpose', '=', link.purpose);
  const row = await candidate.executeTakeFirst();
  if (!row) return null;
  const result = await db.kysely
    .updateTable(link.table)
    .set({ used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { customerId: row.customer_id, email: row.email } : null;
}
