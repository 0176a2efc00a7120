import type { Staff, StaffRole } from '@shop/shared/contract/admin';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { StaffTable } from '../../db/staff-schema.ts';
import { hashToken, newToken } from '../customer/secrets.ts';

export type StaffRow = Selectable<StaffTable>;

/** A setup link is valid for 24 hours, and once. */
export const setupTokenLifetimeMs = 24 * 60 * 60_000;

export function staffView(row: StaffRow): Staff {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    passwordSet: row.password_hash !== null,
    totpEnrolled: row.totp_enrolled_at !== null,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}

export async function findStaffByEmail(kysely: Kysely<Database>, email: string): Promise<StaffRow | undefined> {
  return kysely.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findStaffById(kysely: Kysely<Database>, id: number): Promise<StaffRow | undefined> {
  return kysely.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates an account; a taken address is refused by the unique index (the caller checks first for a clear answer). */
export async function insertStaff(
  kysely: Kysely<Database>,
  { email, role, passwordHash = null }: { email: string; role: StaffRole; passwordHash?: string | null },
  now: Date,
): Promise<StaffRow> {
  return kysely
    .insertInto('staff')
    .values({
      email,
      role,
      password_hash: passwordHash,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The account's columns the login, enrolment and setup change; `updated_at` only where the person changed them. */
type StaffChanges = Pick<
  Updateable<StaffTable>,
  'password_hash' | 'totp_secret' | 'totp_enrolled_at' | 'totp_last_step' | 'last_login_at' | 'updated_at'
>;

export async function updateStaff(kysely: Kysely<Database>, id: number, changes: StaffChanges): Promise<void> {
  await kysely.updateTable('staff').set(changes).where('id', '=', id).execute();
}

/** The authenticator secret of an account that has none yet (an enrolment started), or the one it has. */
export async function ensureTotpSecret(kysely: Kysely<Database>, staff: StaffRow, newSecret: () => string) {
  if (staff.totp_secret) return staff.totp_secret;
  const secret = newSecret();
  await updateStaff(kysely, staff.id, { totp_secret: secret });
  return secret;
}

/** Uses setup token `tokenId` once: false when another request used it first. */
export async function consumeSetupToken(kysely: Kysely<Database>, tokenId: number, now: Date): Promise<boolean> {
  const used = await kysely
    .updateTable('staff_setup_token')
    .set({ used_at: now.toISOString() })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** One page of accounts, sorted by `column` then id, and how many there are. */
export async function listStaffPage(
  kysely: Kysely<Database>,
  {
    column,
    order,
    page,
    perPage,
  }: {
    column: 'email' | 'role' | 'created_at' | 'last_login_at';
    order: 'asc' | 'desc';
    page: number;
    perPage: number;
  },
): Promise<{ rows: StaffRow[]; total: number }> {
  const { total } = await kysely
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await kysely
    .selectFrom('staff')
    .selectAll()
    .orderBy(column, order)
    .orderBy('id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { rows, total: Number(total) };
}

/** A new one-time setup link's token for an account (older unused ones stay valid until they expire). */
export async function createSetupToken(db: Db, staffId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.kysely
    .insertInto('staff_setup_token')
    .values({
      staff_id: staffId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + setupTokenLifetimeMs).toISOString(),
    })
    .execute();
  return token;
}

/** The account of an unused, unexpired setup token, or undefined. */
export async function findSetupToken(
  kysely: Kysely<Database>,
  token: string,
  now: Date,
): Promise<{ tokenId: number; staff: StaffRow } | undefined> {
  const row = await kysely
    .selectFrom('staff_setup_token')
    .select(['id', 'staff_id'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const staff = await findStaffById(kysely, row.staff_id);
  return staff && !staff.disabled_at ? { tokenId: row.id, staff } : undefined;
}

/** The setup link to print: the back office's /setup page with the token in the fragment (never sent to a server log). */
export function setupLink(backofficeUrl: string, token: string): string {
  return `${backofficeUrl.replace(/\/+$/, '')}/setup#token=${token}`;
}
