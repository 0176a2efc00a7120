import type { CustomerTokenPurpose } from '../../db/customer-schema.ts';
import { consumeOnce } from '../../db/consume-once.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { CustomerErrorCode } from '@shop/shared/contract';
import { AppError } from '../../http/errors.ts';
import { hashToken, newToken } from './secrets.ts';

/** A mail link that is unknown, used, expired or for another address (the spec's wrong-link / invalid-link). */
export const invalidLink = () =>
  new AppError(400, CustomerErrorCode.invalidToken, 'The link is invalid or has expired');

/** A link that would give the account an address another account took meanwhile. */
export const addressTaken = () =>
  new AppError(409, CustomerErrorCode.emailTaken, 'Another account uses this e-mail address meanwhile');

/** How long a link from a mail works (docs/product-rules.md#account: verification 48 h, reset 1 h; an e-mail change is a verification). */
export const linkLifetimeMs: Record<CustomerTokenPurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  email_change: 48 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/**
 * Issues a single-use link token for `email`. A new link replaces the unused ones of the same purpose, so only
 * the latest mail works.
 */
export async function issueLinkToken(
  db: Db,
  { customerId, purpose, email, now }: { customerId: number; purpose: CustomerTokenPurpose; email: string; now: Date },
): Promise<string> {
  const token = newToken();
  await inTransaction(db.kysely, async (trx) => {
    await trx
      .deleteFrom('customer_token')
      .where('customer_id', '=', customerId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('customer_token')
      .values({
        customer_id: customerId,
        purpose,
        token_hash: hashToken(token),
        email,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + linkLifetimeMs[purpose]).toISOString(),
      })
      .execute();
  });
  return token;
}

/**
 * Uses up a link token: it must exist for this purpose and address, be unexpired and unused (consumeOnce). Returns
 * the customer id and the address the link was sent to, or null.
 */
export async function consumeLinkToken(
  db: Db,
  { purpose, token, email, now }: { purpose: CustomerTokenPurpose; token: string; email: string; now: Date },
): Promise<{ customerId: number; email: string } | null> {
  return consumeOnce(db, { table: 'customer_token', purpose }, { tokenHash: hashToken(token), email, now });
}

/**
 * Voids the links still open that could change who holds the account: a pending e-mail change and any reset
 * link. Called by a password reset or change, so that a session thief's pending change to an address of theirs
 * dies with the password the owner replaces (docs/product-rules.md#e-mail-change).
 */
export async function voidAccountLinks(db: Db, customerId: number): Promise<void> {
  await db.kysely
    .deleteFrom('customer_token')
    .where('customer_id', '=', customerId)
    .where('purpose', 'in', ['email_change', 'password_reset'])
    .where('used_at', 'is', null)
    .execute();
}
