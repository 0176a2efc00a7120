import { ErrorCode } from '@shop/shared/contract';
import { AdminErrorCode, type StaffRole } from '@shop/shared/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/errors.ts';
import { bearerToken } from '../customer/authenticate.ts';
import { findStaffSession, type StaffPrincipal } from './sessions.ts';

/**
 * Who may make an admin call (route option `config.access`, required on every admin route):
 * - `public`: anybody (the OpenAPI document, the login, the setup link's calls);
 * - `staff`: any live staff session (owner or staff: the catalogue, texts, codes, orders);
 * - `owner`: an owner's session (staff accounts, the school's identity, money).
 */
export type AdminAccess = 'public' | 'staff' | 'owner';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AdminAccess;
  }
}

const unauthorized = () => new AppError(401, ErrorCode.unauthorized, 'Missing, expired or revoked staff token');

/** Whether a role may make a call of this access level (an owner may make every call). */
export function roleMay(role: StaffRole, access: AdminAccess): boolean {
  return access === 'public' || access === 'staff' || role === 'owner';
}

const principals = new WeakMap<FastifyRequest, StaffPrincipal>();

/**
 * The admin scope's onRequest hook: before the body is read, a call that is not public needs a live staff session
 * (401 otherwise, also for a customer's token: those live in another table) of a role that may make it (403).
 */
export function checkStaffAccess(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const access = request.routeOptions.config.access;
    // An admin route without `access` cannot be registered (plugin.ts); a 404 of the admin scope has no route.
    if (access === undefined || access === 'public') return;
    const token = bearerToken(request);
    const staff = token ? await findStaffSession(ctx.db, token, ctx.now()) : null;
    if (!staff) throw unauthorized();
    if (!roleMay(staff.role, access)) {
      throw new AppError(403, AdminErrorCode.forbidden, `This call needs the role "${access}"`);
    }
    principals.set(request, staff);
  };
}

/** The staff member a (non-public) admin call acts for; checked by the hook before the handler runs. */
export function currentStaff(request: FastifyRequest): StaffPrincipal {
  const staff = principals.get(request);
  if (!staff) throw unauthorized();
  return staff;
}
