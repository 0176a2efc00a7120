import { adminCall } from '../../api/http.ts';

/**
 * The school's identity as the admin API keeps it (getSchoolIdentity / updateSchoolIdentity): used at runtime by
 * every mail, the shop's footer and header and the sandbox page. Its fields are the contract's; this module only
 * loads and saves it.
 */
export type SchoolIdentity = Record<string, unknown> & { name?: string | null };

export const identityPath = '/identity';

export function loadIdentity(): Promise<SchoolIdentity | null> {
  return adminCall<SchoolIdentity | null>(identityPath);
}

export function saveIdentity(identity: Record<string, unknown>): Promise<SchoolIdentity> {
  return adminCall<SchoolIdentity>(identityPath, { method: 'PUT', body: identity });
}

/** Whether the owner has set the identity (a school without a name has not). */
export function identityIsSet(identity: SchoolIdentity | null): boolean {
  if (!identity) return false;
  if (typeof identity.configured === 'boolean') return identity.configured;
  return typeof identity.name === 'string' && identity.name.trim() !== '';
}
