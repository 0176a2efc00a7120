import { consumeOnce } from '../../db/consume-once.ts';
import type { Db } from '../../db/database.ts';
import { hashToken, newToken } from './secrets.ts';

/**
 * One-time login links sent by mail (docs/decisions/0086-no-lockout-of-the-owner.md): the way in from any browser
 * that nobody guessing at the password can block. A link logs in once, within `loginLinkLifetimeMs`. A new link
 * never voids an older one: otherwise whoever asks for links to the address again and again would void each one
 * before its owner could use it.
 */
export const loginLinkLifetimeMs = 15 * 60 * 1000;

/**
 * At most one mail per inbox in this long; a request within it sends nothing and is answered alike, since the last
 * link is still valid in that inbox. So strangers asking for links cannot flood an inbox, nor use up a limit that
 * would keep its owner from getting one.
 */
export const loginLinkMailIntervalMs = 5 * 60 * 1000;

export async function issueLoginLink(
  db: Db,
  { customerId, email, now }: { customerId: number; email: string; now: Date },
): Promise<string> {
  const token = newToken();
  await db.kysely
    .insertInto('customer_login_link')
    .values({
      customer_id: customerId,
      token_hash: hashToken(token),
      email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + loginLinkLifetimeMs).toISOString(),
    })
    .execute();
  return token;
}

/** Uses up a login link for `email`: unknown, used, expired or another address's gives null (consumeOnce). */
export async function consumeLoginLink(
  db: Db,
  { token, email, now }: { token: string; email: string; now: Date },
): Promise<{ customerId: number; email: string } | null> {
  return consumeOnce(db, { table: 'customer_login_link' }, { tokenHash: hashToken(token), email, now });
}
