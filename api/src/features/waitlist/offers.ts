import { type Language, waitlistOfferHours } from '@shop/shared/contract';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/schema.ts';
import { isoDateInZone } from '../../lib/dates.ts';
import { hashToken, newToken } from '../customer/secrets.ts';
import { releasePlaces, takePlaces } from '../catalog/places.ts';
import { courseForMail } from './course.ts';
import { sendWaitlistOfferExpiredMail, sendWaitlistOfferMail } from './mails.ts';
import { inTransaction } from '../../db/database.ts';

/** Seconds an offered place is held for its person unless WAITLIST_OFFER_SECONDS says otherwise. */
export const defaultWaitlistOfferSeconds = waitlistOfferHours * 60 * 60;

export interface WaitlistRun {
  /** Offers whose time ran out in this run (their places passed on). */
  expired: number;
  /** Places offered in this run. */
  offered: number;
}

/**
 * The waitlist's periodic work, safe to run in several processes at once and again at any time
 * (docs/decisions/0012-waitlist.md):
 * 1. offers whose time is up end (`expired`), each giving its held place back in the same transaction;
 * 2. every bookable course with free places and people waiting offers one place per person, first come first
 *    served. An offer takes its place from `course.free_places` in the transaction that marks the entry
 *    offered, both writes conditional (the entry only while still waiting, the place only while one is free),
 *    so two processes can neither offer one place twice nor offer one person twice.
 * Each mail is queued in the outbox in the transaction of its offer or expiry, so neither goes without it.
 */
export async function runWaitlistOffers(ctx: AppContext): Promise<WaitlistRun> {
  const now = ctx.now();
  const expired = await expireOffers(ctx, now);
  const offered = await offerFreePlaces(ctx, now);
  return { expired, offered };
}

/**
 * Where an entry's mails go: a customer who joined logged in waits with the account, so the account's address as
 * it is now (an e-mail change may have moved it; the old address was told it gets no more mail about the
 * account, and an offer mail carries the link that books the held place). A guest's entry keeps the address given.
 */
const mailAddress = (eb: ExpressionBuilder<Database, 'waitlist_entry'>) =>
  eb
    .fn<string>('coalesce', [
      eb.selectFrom('customer').select('customer.email').whereRef('customer.id', '=', 'waitlist_entry.customer_id'),
      eb.ref('waitlist_entry.email'),
    ])
    .as('email');

/** Where the entry's mails go now (see `mailAddress`). */
export async function entryMailAddress(db: Kysely<Database>, entryId: number): Promise<string> {
  const row = await db
    .selectFrom('waitlist_entry')
    .select(mailAddress)
    .where('id', '=', entryId)
    .executeTakeFirstOrThrow();
  return row.email;
}

async function expireOffers(ctx: AppContext, now: Date, batchSize = 100): Promise<number> {
  const db = ctx.db.kysely;
  let expired = 0;
  for (;;) {
    const due = await db
      .selectFrom('waitlist_entry')
      .select(['id', 'course_id', 'locale', mailAddress])
      .where('status', '=', 'offered')
      .where('offer_expires_at', '<=', now.toISOString())
      .orderBy('id')
      .limit(batchSize)
      .execute();
    let moved = 0;
    for (const entry of due) {
      const ended = await inTransaction(db, async (trx) => {
        const result = await trx
          .updateTable('waitlist_entry')
          .set({ status: 'expired', ended_at: now.toISOString() })
          .where('id', '=', entry.id)
          .where('status', '=', 'offered')
          .executeTakeFirst();
        if (result.numUpdatedRows !== 1n) return false;
        await releasePlaces(trx, entry.course_id, 1);
        // Queued with the change that causes it (docs/decisions/0008-outbox-and-jobs.md).
        const language = entry.locale as Language;
        const course = await courseForMail(trx, entry.course_id, language);
        if (course) await sendWaitlistOfferExpiredMail(ctx, { to: entry.email, language, course }, trx);
        return true;
      });
      if (!ended) continue;
      moved++;
    }
    expired += moved;
    // A batch that other processes ended entirely is no reason to stop; one where nothing moved is.
    if (due.length < batchSize || moved === 0) return expired;
  }
}

class NoPlaceLeft extends Error {}

async function offerFreePlaces(ctx: AppContext, now: Date): Promise<number> {
  const db = ctx.db.kysely;
  const courses = await db
    .selectFrom('course')
    .select('id')
    .where('free_places', '>', 0)
    .where('status', '=', 'published')
    .where('registration_deadline', '>=', isoDateInZone(now))
    .where('id', 'in', db.selectFrom('waitlist_entry').select('course_id').where('status', '=', 'waiting'))
    .orderBy('id')
    .execute();
  const expiresAt = new Date(now.getTime() + ctx.waitlistOfferSeconds * 1000);
  let offered = 0;
  for (const course of courses) {
    for (;;) {
      const next = await db
        .selectFrom('waitlist_entry')
        .select(['id', 'locale', mailAddress])
        .where('course_id', '=', course.id)
        .where('status', '=', 'waiting')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!next) break;
      const offerToken = newToken();
      const outcome = await inTransaction(db, async (trx) => {
        const marked = await trx
          .updateTable('waitlist_entry')
          .set({
            status: 'offered',
            offer_token_hash: hashToken(offerToken),
            offer_expires_at: expiresAt.toISOString(),
          })
          .where('id', '=', next.id)
          .where('status', '=', 'waiting')
          .executeTakeFirst();
        // Another process offered this person a place (or they left) meanwhile: try the next one.
        if (marked.numUpdatedRows !== 1n) return 'moved' as const;
        // Rolls the entry back to waiting: the course filled up meanwhile.
        if (!(await takePlaces(trx, course.id, 1))) throw new NoPlaceLeft();
        // Queued with the offer (docs/decisions/0008-outbox-and-jobs.md): no offer without its mail.
        const language = next.locale as Language;
        const mailCourse = await courseForMail(trx, course.id, language);
        if (mailCourse) {
          await sendWaitlistOfferMail(
            ctx,
            { to: next.email, language, course: mailCourse, offerToken, expiresAt },
            trx,
          );
        }
        return 'offered' as const;
      }).catch((error: unknown) => {
        if (error instanceof NoPlaceLeft) return 'full' as const;
        throw error;
      });
      if (outcome === 'full') break;
      if (outcome === 'moved') continue;
      offered++;
    }
  }
  return offered;
}

/**
 * Ends an entry at its person's wish (a mail's link). An offered place goes back to the course at once, so the
 * next run offers it to the next person. False when the entry had ended already.
 */
export async function leaveWaitlist(db: Kysely<Database>, entryId: number, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const entry = await trx
      .selectFrom('waitlist_entry')
      .select(['course_id', 'status'])
      .where('id', '=', entryId)
      .executeTakeFirst();
    if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered')) return false;
    const left = await trx
      .updateTable('waitlist_entry')
      .set({ status: 'left', ended_at: now.toISOString() })
      .where('id', '=', entryId)
      .where('status', '=', entry.status)
      .executeTakeFirst();
    if (left.numUpdatedRows !== 1n) return false;
    if (entry.status === 'offered') await releasePlaces(trx, entry.course_id, 1);
    return true;
  });
}

/**
 * The courses of a price request whose waitlist offer (by token) is open now: the place it holds is free for
 * this buyer alone. Anybody else sees it taken, since the offer took it from the course's free places.
 */
export async function heldOfferCourses(
  db: Kysely<Database>,
  courses: readonly { courseId: number; offerToken?: string | undefined }[],
  now: Date,
): Promise<Set<number>> {
  const withToken = courses.filter((c) => c.offerToken);
  if (withToken.length === 0) return new Set();
  const rows = await db
    .selectFrom('waitlist_entry')
    .select(['course_id', 'offer_token_hash'])
    .where(
      'offer_token_hash',
      'in',
      withToken.map((c) => hashToken(c.offerToken!)),
    )
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', now.toISOString())
    .execute();
  return new Set(
    withToken
      .filter((c) =>
        rows.some((row) => row.course_id === c.courseId && row.offer_token_hash === hashToken(c.offerToken!)),
      )
      .map((c) => c.courseId),
  );
}

/**
 * Turns an open offer into a booking inside the submit's transaction: one conditional update, so the offer is
 * used once, and only before its time is up. True: the order may use the place the offer holds.
 */
export async function claimOffer(
  trx: Kysely<Database>,
  courseId: number,
  offerToken: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('waitlist_entry')
    .set({ status: 'claimed', ended_at: now.toISOString() })
    .where('offer_token_hash', '=', hashToken(offerToken))
    .where('course_id', '=', courseId)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
