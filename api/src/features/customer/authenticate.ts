import { CustomerErrorCode, ErrorCode } from '@shop/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/errors.ts';
import type { CustomerRow } from './customers.ts';
import { findSessionCustomer } from './sessions.ts';

export interface AuthenticatedCustomer {
  customer: CustomerRow;
  session: { id: number; remember: boolean };
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

const unauthorized = () => new AppError(401, ErrorCode.unauthorized, 'Missing, expired or revoked token');

/** The session lookup of each request, made once: the bearer hook makes it, the handler reuses it. */
const sessions = new WeakMap<FastifyRequest, Promise<AuthenticatedCustomer | null>>();
function sessionOf(ctx: AppContext, request: FastifyRequest): Promise<AuthenticatedCustomer | null> {
  let found = sessions.get(request);
  if (!found) {
    const token = bearerToken(request);
    found = token
      ? findSessionCustomer(ctx.db, token, ctx.now()).then((session) => session ?? null)
      : Promise.resolve(null);
    sessions.set(request, found);
  }
  return found;
}

/**
 * The customer a request acts for, taken from its bearer token and nothing else: no call accepts a customer id,
 * so nobody can reach another customer's data. 401 without a live session; 403 EMAIL_NOT_VERIFIED for an
 * unverified address unless the call allows it (docs/product-rules.md#roles: /customer/me, logout). Other features (the level
 * test's history and save) use it the same way.
 */
export async function requireCustomer(
  ctx: AppContext,
  request: FastifyRequest,
  { allowUnverified = false }: { allowUnverified?: boolean } = {},
): Promise<AuthenticatedCustomer> {
  const found = await sessionOf(ctx, request);
  if (!found) throw unauthorized();
  const { customer, session } = found;
  if (!allowUnverified && customer.is_email_verified !== 1) {
    throw new AppError(403, CustomerErrorCode.emailNotVerified, 'The e-mail address is not verified yet');
  }
  return { customer, session };
}

/**
 * For calls where the bearer token is optional (the cart's price calculation): null without a token; with one,
 * it must be live (401 otherwise, so a stale session ends as everywhere). The caller decides what an unverified
 * customer may do.
 */
export async function optionalCustomer(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<AuthenticatedCustomer | null> {
  if (!bearerToken(request)) return null;
  return requireCustomer(ctx, request, { allowUnverified: true });
}

/**
 * How a route takes its bearer token (route option `config.bearer`): `verified` needs a live session of a verified
 * customer, `unverified` any live session, `optional` a live session when a token is sent at all.
 */
export type BearerRule = 'verified' | 'unverified' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    bearer?: BearerRule;
  }
}

/**
 * An onRequest hook for the whole API: a route's bearer rule is checked before its body is even read, so a
 * missing or dead token answers 401 whatever else is wrong with the request (spec: a 401 is what ends a
 * client's session, a 400 would leave it hanging). The handler's own requireCustomer reuses the lookup.
 */
export function checkBearerFirst(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const rule = request.routeOptions.config.bearer;
    if (rule === 'optional') await optionalCustomer(ctx, request);
    else if (rule) await requireCustomer(ctx, request, { allowUnverified: rule === 'unverified' });
  };
}
