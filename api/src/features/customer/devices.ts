import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { hashToken, newToken } from './secrets.ts';

/**
 * Device tokens after OWASP's "device cookies" (docs/decisions/0086-no-lockout-of-the-owner.md): a browser that has
 * logged in to an account gets a token naming that account (its row here), kept in an HttpOnly cookie. A login
 * attempt that brings a valid token for the account it names is judged by that browser's own counter, so strangers
 * guessing at the account from elsewhere do not lock its owner's browsers out. The token proves nothing else: the
 * password is still needed, and the token opens no session.
 */

/** The cookie: only the customer calls (login, login link, reset) see it, never a script. */
export const deviceCookieName = 'shop_device';
const cookiePath = '/api/customer';
/** A browser stays known for half a year after its last login there. */
export const deviceLifetimeMs = 180 * 24 * 60 * 60 * 1000;
/** Accounts one browser is known for (a family's, say); the one logged in to last comes first. */
const tokensPerBrowser = 5;
/** Browsers one account keeps; the oldest go first. */
const devicesPerAccount = 20;

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** The device tokens the request's cookie carries (at most `tokensPerBrowser`, well-formed ones only). */
export function deviceTokensOf(request: Pick<FastifyRequest, 'headers'>): string[] {
  const header = request.headers.cookie;
  if (!header) return [];
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== deviceCookieName) continue;
    return rest
      .join('=')
      .split('.')
      .filter((token) => tokenShape.test(token))
      .slice(0, tokensPerBrowser);
  }
  return [];
}

/**
 * The hash of the first of `tokens` that is a live device token of the account (by id, or by its address), or null:
 * the key of that browser's login counter. No query without tokens.
 */
export async function trustedDevice(
  db: Db,
  account: { customerId: number } | { email: string },
  tokens: readonly string[],
  now: Date,
): Promise<string | null> {
  if (tokens.length === 0) return null;
  const hashes = tokens.map(hashToken);
  let query = db.kysely
    .selectFrom('customer_device')
    .select('customer_device.token_hash')
    .where('customer_device.token_hash', 'in', hashes)
    .where('customer_device.expires_at', '>', now.toISOString());
  query =
    'customerId' in account
      ? query.where('customer_device.customer_id', '=', account.customerId)
      : query
          .innerJoin('customer', 'customer.id', 'customer_device.customer_id')
          .where('customer.email', '=', account.email);
  const rows = await query.execute();
  const known = new Set(rows.map((row) => row.token_hash));
  return hashes.find((hash) => known.has(hash)) ?? null;
}

/**
 * A login (by password, by mail link, or after a reset) succeeded in this browser: it gets a fresh token for the
 * account, which replaces the one it brought for it (if any) at the front of its cookie. Expired and surplus devices
 * of the account go.
 */
export async function rememberDevice(
  db: Db,
  reply: Pick<FastifyReply, 'header'>,
  {
    request,
    customerId,
    now,
    secure,
  }: { request: Pick<FastifyRequest, 'headers'>; customerId: number; now: Date; secure: boolean },
): Promise<void> {
  const brought = deviceTokensOf(request);
  const replaced = await trustedDevice(db, { customerId }, brought, now);
  const token = newToken();
  await db.kysely
    .deleteFrom('customer_device')
    .where('customer_id', '=', customerId)
    .where((eb) =>
      eb.or([eb('expires_at', '<=', now.toISOString()), ...(replaced ? [eb('token_hash', '=', replaced)] : [])]),
    )
    .execute();
  await db.kysely
    .insertInto('customer_device')
    .values({
      customer_id: customerId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + deviceLifetimeMs).toISOString(),
    })
    .execute();
  const surplus = await db.kysely
    .selectFrom('customer_device')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .offset(devicesPerAccount)
    .limit(1000)
    .execute();
  if (surplus.length > 0)
    await db.kysely
      .deleteFrom('customer_device')
      .where(
        'id',
        'in',
        surplus.map((row) => row.id),
      )
      .execute();
  const others = brought.filter((each) => hashToken(each) !== replaced);
  const value = [token, ...others].slice(0, tokensPerBrowser).join('.');
  reply.header(
    'set-cookie',
    `${deviceCookieName}=${value}; Path=${cookiePath}; Max-Age=${deviceLifetimeMs / 1000}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
}
