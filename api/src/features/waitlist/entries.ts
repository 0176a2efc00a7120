import { AppError, notFound } from '../../http/errors.ts';
import { type Language, WaitlistErrorCode, waitlistMaxEntriesPerAddress } from '@shop/shared/contract';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WaitlistStatus } from '../../db/waitlist-schema.ts';
import { isoDateInZone } from '../../lib/dates.ts';
import { hashToken, newToken } from '../customer/secrets.ts';
import { inTransaction } from '../../db/database.ts';

/** Entries that still count: waiting, or holding an offered place. */
export const activeStatuses: readonly WaitlistStatus[] = ['waiting', 'offered'];

export interface JoinInput {
  courseId: number;
  /** Normalised. */
  email: string;
  customerId: number | null;
  locale: Language;
  now: Date;
  /** What goes with joining (its mail), in the transaction that adds the entry: both or neither. */
  onJoined?: (trx: Kysely<Database>, joined: Extract<JoinOutcome, { joined: true }>) => Promise<void>;
}

export type JoinOutcome =
  | { joined: true; entryId: number; position: number; leaveToken: string }
  | {
      joined: false;
      /** The entry that already waits (or holds an offer) for the course. */
      entryId: number;
      position: number;
      status: WaitlistStatus;
      /** When its offered place stops being held; null while it waits. */
      offerExpiresAt: string | null;
    };

/**
 * Puts an address on a course's waitlist. Only a fully booked course that can still be booked has one; whether it
 * has is asked first, so those refusals depend on the course alone, never on the address. The address's existing
 * entry answers with its position instead (one entry per address and course, also under concurrent joins: a
 * unique index over the active entries); an address may wait for a few courses at a time.
 */
export async function joinWaitlist(
  db: Kysely<Database>,
  { courseId, email, customerId, locale, now, onJoined }: JoinInput,
): Promise<JoinOutcome> {
  const course = await db
    .selectFrom('course')
    .select(['free_places', 'registration_deadline'])
    .where('id', '=', courseId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (!course) throw notFound('No course with this id');
  if (course.registration_deadline < isoDateInZone(now))
    throw new AppError(409, WaitlistErrorCode.closed, 'The course can no longer be booked');
  if (course.free_places > 0)
    throw new AppError(409, WaitlistErrorCode.notFull, 'The course has free places: book one instead');
  const existing = await activeEntry(db, courseId, email, customerId);
  if (existing) return alreadyWaiting(db, existing);
  const leaveToken = newToken();
  try {
    return await inTransaction(db, async (trx) => {
      // Counted in the transaction that adds the entry, so parallel joins of one address (for different courses)
      // cannot all count the same free slot of the cap.
      await requireRoomForAnotherEntry(trx, email, isoDateInZone(now));
      const row = await trx
        .insertInto('waitlist_entry')
        .values({
          course_id: courseId,
          email,
          customer_id: customerId,
          locale,
          status: 'waiting',
          leave_token_hash: hashToken(leaveToken),
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const joined = {
        joined: true as const,
        entryId: row.id,
        position: await positionOf(trx, { id: row.id, course_id: courseId, status: 'waiting' }),
        leaveToken,
      };
      await onJoined?.(trx, joined);
      return joined;
    });
  } catch (error) {
    // A concurrent join of the same address won the unique index: answer with that entry.
    const winner = await activeEntry(db, courseId, email, customerId);
    if (winner) return alreadyWaiting(db, winner);
    throw error;
  }
}

/** Thrown by joinWaitlist when the address already waits for the most courses allowed (nothing was added). */
export const isLimitReached = (error: unknown): error is AppError =>
  error instanceof AppError && error.code === WaitlistErrorCode.limitReached;

type ActiveEntry = { id: number; course_id: number; status: WaitlistStatus; offer_expires_at: string | null };

async function alreadyWaiting(db: Kysely<Database>, entry: ActiveEntry): Promise<JoinOutcome> {
  return {
    joined: false,
    entryId: entry.id,
    position: await positionOf(db, entry),
    status: entry.status,
    offerExpiresAt: entry.offer_expires_at,
  };
}

/**
 * The position a first join of the course would have now: behind every entry waiting, apart from `exceptEntryId`
 * (the asking address's own). A guest is answered with it whether or not the address waits already, so the answer
 * is the same as for an address that does not: one that waits is answered as if its entry were not there and it
 * joined now, also when it asks again and again.
 */
export async function newcomerPosition(
  db: Kysely<Database>,
  courseId: number,
  exceptEntryId: number | null = null,
): Promise<number> {
  const waiting = await db
    .selectFrom('waitlist_entry')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('course_id', '=', courseId)
    .where('status', '=', 'waiting')
    .$if(exceptEntryId !== null, (q) => q.where('id', '<>', exceptEntryId!))
    .executeTakeFirstOrThrow();
  return Number(waiting.n) + 1;
}

/**
 * Refuses a further entry of an address that already waits for the most courses allowed. Entries of courses whose
 * registration has closed (`today` past the deadline) do not count: no offer can come for them any more, and
 * nothing ends them, so they would keep the address off every waitlist for good. Runs inside the join's
 * transaction: on PostgreSQL an advisory lock per address until commit serialises that address's joins (the
 * unique index covers one course only); SQLite runs one write transaction at a time.
 */
async function requireRoomForAnotherEntry(trx: Kysely<Database>, email: string, today: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(hashtext(${`waitlist-address:${email}`}))`.execute(trx);
  const active = await trx
    .selectFrom('waitlist_entry')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('email', '=', email)
    .where('status', 'in', activeStatuses)
    .where('course_id', 'in', trx.selectFrom('course').select('id').where('registration_deadline', '>=', today))
    .executeTakeFirstOrThrow();
  if (Number(active.n) >= waitlistMaxEntriesPerAddress) {
    throw new AppError(
      409,
      WaitlistErrorCode.limitReached,
      `An address may wait for at most ${waitlistMaxEntriesPerAddress} courses at a time`,
    );
  }
}

/**
 * The active entry of the address, or of the customer: one who joined logged in and has changed the account's
 * address since waits under the old one, and their mails follow the account (offers.ts), so it is the same person.
 */
function activeEntry(
  db: Kysely<Database>,
  courseId: number,
  email: string,
  customerId: number | null,
): Promise<ActiveEntry | undefined> {
  return db
    .selectFrom('waitlist_entry')
    .select(['id', 'course_id', 'status', 'offer_expires_at'])
    .where('course_id', '=', courseId)
    .where((eb) =>
      customerId === null
        ? eb('email', '=', email)
        : eb.or([eb('email', '=', email), eb('customer_id', '=', customerId)]),
    )
    .where('status', 'in', activeStatuses)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * 1 for the next person to get an offer: the waiting entries of the course that joined no later. An entry
 * holding an offer is at the front (1).
 */
export async function positionOf(
  db: Kysely<Database>,
  entry: { id: number; course_id: number; status: WaitlistStatus },
): Promise<number> {
  if (entry.status !== 'waiting') return 1;
  const ahead = await db
    .selectFrom('waitlist_entry')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('course_id', '=', entry.course_id)
    .where('status', '=', 'waiting')
    .where('id', '<=', entry.id)
    .executeTakeFirstOrThrow();
  return Number(ahead.n);
}

/** The entry a mail link's token belongs to (its joining token or its offer's), or undefined. */
export function entryByToken(db: Kysely<Database>, token: string) {
  const hash = hashToken(token);
  return db
    .selectFrom('waitlist_entry')
    .selectAll()
    .where((eb) => eb.or([eb('leave_token_hash', '=', hash), eb('offer_token_hash', '=', hash)]))
    .executeTakeFirst();
}
