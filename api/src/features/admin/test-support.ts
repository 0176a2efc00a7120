import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@shop/shared/contract/admin';
import type { TestContext } from '../../test/databases.ts';
import { testNow } from '../../test/databases.ts';
import { findStaffByEmail, insertStaff } from '../staff/accounts.ts';
import { openStaffSession } from '../staff/sessions.ts';

let counter = 0;

/**
 * A live staff session for admin route tests: a new account of `role` (no password: it logs in by this token
 * only) and its bearer token. `now` must be the app's clock (testNow unless the test moved it).
 */
export async function staffToken(
  ctx: Pick<TestContext, 'db'>,
  role: StaffRole = 'staff',
  {
    email = `${role}-${++counter}-${randomUUID().slice(0, 8)}@school.test`,
    now = testNow,
  }: { email?: string; now?: Date } = {},
): Promise<{ token: string; staffId: number; email: string; headers: { authorization: string } }> {
  const staff =
    (await findStaffByEmail(ctx.db.kysely, email)) ?? (await insertStaff(ctx.db.kysely, { email, role }, now));
  const { token } = await openStaffSession(ctx.db, staff.id, now);
  return { token, staffId: staff.id, email, headers: { authorization: `Bearer ${token}` } };
}
