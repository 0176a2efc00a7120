import type { SchoolIdentity, UpdateSchoolIdentityRequest } from '@shop/shared/contract/admin';
import { adminCall } from '../../api/http.ts';

/**
 * The school's identity (getSchoolIdentity / updateSchoolIdentity, owner only): used at runtime by every mail, the
 * shop's footer and header and the sandbox page. null until the owner has set it.
 */
export const identityPath = '/identity';

export function loadIdentity(): Promise<SchoolIdentity | null> {
  return adminCall<SchoolIdentity | null>(identityPath);
}

export function saveIdentity(identity: UpdateSchoolIdentityRequest): Promise<SchoolIdentity> {
  return adminCall<SchoolIdentity>(identityPath, { method: 'PUT', body: identity });
}

/** Whether the owner has set the identity (production is not ready until then). */
export const identityIsSet = (identity: SchoolIdentity | null) => identity !== null;
