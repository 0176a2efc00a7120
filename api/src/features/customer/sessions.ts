import { inTransaction, type Db } from '../../db/database.ts';
import type { CustomerRow } from './customers.ts';
import { hashToken, newToken } from './secrets.ts';

/** How long a session lasts (docs/architecture.md#auth): short without remember-me, long with it. */
export const sessionLifetimeMs = { short: 12 * 60 * 60 * 1000, remember: 30 * 24 * 60 * 60 * 1000 } as const;

/** Opens a session and returns its token; the database keeps only the hash. Expired ones are swept here. */
export async function openSession(db: Db, customerId: number, remember: boolean, now: Date): Promise<string> {
  const token = newToken();
  const lifetime = remember ? sessionLifetimeMs.remember : sessionLifetimeMs.short;
  await inTransaction(db.kysely, async (trx) => {
    await trx
      .deleteFrom('customer_session')
      .where('customer_id', '=', customerId)
      .where('expires_at', '<=', now.toISOString())
      .execute();
    await trx
      .insertInto('customer_session')
      .values({
        customer_id: customerId,
        token_hash: hashToken(token),
        remember: remember ? 1 : 0,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + lifetime).toISOString(),
      })
      .execute();
  });
  return token;
}

/**
 * The live session of a token with its customer, in one query (every authenticated call runs it, the cart's
 * price calculation among them), or undefined when the token is unknown, revoked or expired.
 */
export async function findSessionCustomer(
  db: Db,
  token: string,
  now: Date,
): Promise<{ session: { id: number; remember: boolean }; customer: CustomerRow } | undefined> {
  const row = await db.kysely
    .selectFrom('customer_session')
    .innerJoin('customer', 'customer.id', 'customer_session.customer_id')
    .selectAll('customer')
    .select(['customer_session.id as session_id', 'customer_session.remember as session_remember'])
    .where('customer_session.token_hash', '=', hashToken(token))
    .where('customer_session.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_remember, ...customer } = row;
  return { session: { id: session_id, remember: session_remember === 1 }, customer };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.kysely.deleteFrom('customer_session').where('token_hash', '=', hashToken(token)).execute();
}

/** Ends every session of a customer (password change or reset). */
export async function revokeAllSessions(db: Db, customerId: number): Promise<void> {
  await db.kysely.deleteFrom('customer_session').where('customer_id', '=', customerId).execute();
}

/**
 * Ends every session of a customer but the one whose token made the request (a completed e-mail change:
 * docs/product-rules.md#e-mail-change). A token of another customer, or none, keeps nothing.
 */
export async function revokeOtherSessions(db: Db, customerId: number, keepToken: string | null): Promise<void> {
  let query = db.kysely.deleteFrom('customer_session').where('customer_id', '=', customerId);
  if (keepToken) query = query.where('token_hash', '!=', hashToken(keepToken));
  await query.execute();
}
