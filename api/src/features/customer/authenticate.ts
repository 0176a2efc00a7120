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

/**
 * The customer a request acts for, taken from its bearer token and nothing else: no call accepts a customer id,
 * so nobody can reach another customer's data. 401 without a live session; 403 EMAIL_NOT_VERIFIED for an
 * unverified address unless the call allows it (spec §6: /customer/me, logout). Other features (the level
 * test's history and save) use it the same way.
 */
export async function requireCustomer(
  ctx: AppContext,
  request: FastifyRequest,
  { allowUnverified = false }: { allowUnverified?: boolean } = {},
): Promise<AuthenticatedCustomer> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const found = await findSessionCustomer(ctx.db, token, ctx.now());
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
export async function optionalCustomer(ctx: AppContext, request: FastifyRequest): Promise<AuthenticatedCustomer | null> {
  if (!bearerToken(request)) return null;
  return requireCustomer(ctx, request, { allowUnverified: true });
}
