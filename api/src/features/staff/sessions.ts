import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { StaffRole } from '../../db/staff-schema.ts';
import { hashToken, newToken } from '../customer/secrets.ts';

/** Staff sessions end after 30 idle minutes, and 12 hours after the login at the latest, by the app's clock. */
export const staffSessionLimits = { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000 } as const;

/** Who a staff session acts for: enough to check a role and to name the actor in the audit log. */
export interface StaffPrincipal {
  id: number;
  email: string;
  role: StaffRole;
  sessionId: number;
}

/**
 * Opens a session and returns its token (256 random bits; the database keeps only its SHA-256, as for customer
 * sessions). The staff member's ended sessions are swept here.
 */
export async function openStaffSession(
  db: Db,
  staffId: number,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + staffSessionLimits.absoluteMs).toISOString();
  const idleSince = new Date(now.getTime() - staffSessionLimits.idleMs).toISOString();
  await db.kysely
    .deleteFrom('staff_session')
    .where('staff_id', '=', staffId)
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<=', idleSince)]))
    .execute();
  await db.kysely
    .insertInto('staff_session')
    .values({
      staff_id: staffId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The live session of a token, or null when it is unknown, revoked, idle for 30 minutes, past its 12 hours, or
 * its account is disabled. A live session's idle clock starts again with this call.
 */
export async function findStaffSession(db: Db, token: string, now: Date): Promise<StaffPrincipal | null> {
  const idleSince = new Date(now.getTime() - staffSessionLimits.idleMs).toISOString();
  const row = await db.kysely
    .selectFrom('staff_session')
    .innerJoin('staff', 'staff.id', 'staff_session.staff_id')
    .select(['staff_session.id as sessionId', 'staff.id as id', 'staff.email as email', 'staff.role as role'])
    .where('staff_session.token_hash', '=', hashToken(token))
    .where('staff_session.expires_at', '>', now.toISOString())
    .where('staff_session.last_seen_at', '>', idleSince)
    .where('staff.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  await db.kysely
    .updateTable('staff_session')
    .set({ last_seen_at: now.toISOString() })
    .where('id', '=', row.sessionId)
    .where('last_seen_at', '<', now.toISOString())
    .execute();
  return row;
}

export async function revokeStaffSession(db: Db, sessionId: number): Promise<void> {
  await db.kysely.deleteFrom('staff_session').where('id', '=', sessionId).execute();
}

/** Ends every session of an account (password set anew, account disabled). */
export async function revokeAllStaffSessions(db: Db, staffId: number): Promise<void> {
  await db.kysely.deleteFrom('staff_session').where('staff_id', '=', staffId).execute();
}

/**
 * The cleanup job's part (jobs/cleanup-job.ts): staff sessions past their end or idle for 30 minutes, and setup
 * links past theirs. Each is one DELETE by time; the number deleted of each.
 */
export async function deleteEndedStaffRecords(
  kysely: Kysely<Database>,
  now: Date,
): Promise<{ staffSessions: number; staffSetupLinks: number }> {
  const idleSince = new Date(now.getTime() - staffSessionLimits.idleMs).toISOString();
  const sessions = await kysely
    .deleteFrom('staff_session')
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<=', idleSince)]))
    .executeTakeFirst();
  const links = await kysely
    .deleteFrom('staff_setup_token')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return { staffSessions: Number(sessions.numDeletedRows), staffSetupLinks: Number(links.numDeletedRows) };
}
