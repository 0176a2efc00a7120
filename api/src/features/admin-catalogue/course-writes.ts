import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { queueMail } from '../../mail/outbox.ts';
import { openCase } from '../cases/open.ts';
import {
  type CatalogueFacts,
  type CourseRecord,
  courseDifferences,
  scheduleFields,
  sameTexts,
  type StoredCourse,
} from './course-records.ts';
import { queueMovedMails, renderCancelledMail, standingBookings } from './course-mails.ts';
import { derivedCategoryIds, formatMeetingDays, syncDerivedTags } from './derived-tags.ts';
import { weekdayIndex } from '../../lib/dates.ts';

/** maxParticipants below what is booked or held: nothing was written. */
export class PlacesBelowBookedError extends Error {
  constructor(
    readonly identifier: string,
    readonly takenPlaces: number,
  ) {
    super(`${identifier}: ${takenPlaces} places are booked or held`);
  }
}

export interface CourseUpdate {
  stored: StoredCourse;
  record: CourseRecord;
}

export interface CourseWrites {
  creates: CourseRecord[];
  updates: CourseUpdate[];
  /** Courses to delete; the caller made sure none has any position. */
  deletes: StoredCourse[];
  /** Said to buyers of courses these writes cancel. */
  cancelReason?: string;
}

export interface CourseWriteOutcome {
  /** identifier → id of the created courses. */
  created: Map<string, number>;
  /** ids of booked courses that moved (their sequence was raised, their people mailed). */
  moved: number[];
  mailsQueued: number;
  cancelledBookings: number;
  casesOpened: number;
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Stored only when it says more than the start date's weekday (null otherwise). */
const storedMeetingDays = (record: CourseRecord) =>
  record.meetingDays.length === 1 && record.meetingDays[0] === weekdayIndex(record.startDate)
    ? null
    : formatMeetingDays(record.meetingDays);

function rowValues(record: CourseRecord, facts: CatalogueFacts) {
  return {
    identifier: record.identifier,
    type: record.type,
    status: record.status,
    start_date: record.startDate,
    start_time: record.startTime,
    end_date: record.endDate,
    end_time: record.endTime,
    meeting_days: storedMeetingDays(record),
    registration_deadline: record.registrationDeadline,
    price_cents: record.priceCents,
    discounted_price_cents: record.discountedPriceCents,
    flexible_learning_course_id:
      record.moduleIdentifier === null ? null : (facts.modules.get(record.moduleIdentifier) ?? null),
  };
}

const textRows = (courseId: number, record: CourseRecord): Insertable<Database['course_text']>[] =>
  Object.entries(record.texts).map(([language, t]) => ({ course_id: courseId, language, ...t! }));

async function tagIdsBySlug(db: Kysely<Database>): Promise<Map<string, number>> {
  return new Map((await db.selectFrom('tag').select(['id', 'slug']).execute()).map((t) => [t.slug, t.id]));
}

/**
 * Writes courses in batches (a few statements per 500 courses, whatever their number), in the caller's transaction:
 * the API's single changes and the import alike. Places change with one conditional write per course, as the
 * checkout takes them (catalog/places.ts), so free places stay maximum minus booked and held whatever runs at the
 * same time; a maximum below that throws PlacesBelowBookedError and the caller's transaction rolls back. A booked
 * course whose dates move gets a higher schedule sequence and its buyers and participants a mail with the new
 * .ics; one that becomes cancelled has its positions cancelled, its buyers told and a case opened per position.
 */
export async function applyCourseWrites(
  db: Kysely<Database>,
  writes: CourseWrites,
  { facts, now }: { facts: CatalogueFacts; now: Date },
): Promise<CourseWriteOutcome> {
  const outcome: CourseWriteOutcome = {
    created: new Map(),
    moved: [],
    mailsQueued: 0,
    cancelledBookings: 0,
    casesOpened: 0,
  };
  const tagIds = await tagIdsBySlug(db);
  const textsToWrite: { id: number; record: CourseRecord }[] = [];
  const tagsToWrite: { id: number; record: CourseRecord }[] = [];
  const derivedToSync: number[] = [];

  for (const part of chunks(
    writes.deletes.map((course) => course.id),
    500,
  ))
    await db.deleteFrom('course').where('id', 'in', part).execute();

  for (const part of chunks(writes.creates, 200)) {
    const inserted = await db
      .insertInto('course')
      .values(
        part.map((record) => ({
          ...rowValues(record, facts),
          max_participants: record.maxParticipants,
          free_places: record.maxParticipants,
        })),
      )
      .returning(['id', 'identifier'])
      .execute();
    const ids = new Map(inserted.map((row) => [row.identifier, row.id]));
    for (const record of part) {
      const id = ids.get(record.identifier)!;
      outcome.created.set(record.identifier, id);
      textsToWrite.push({ id, record });
      tagsToWrite.push({ id, record });
      derivedToSync.push(id);
    }
  }

  const moves: CourseUpdate[] = [];
  const rowUpdates: Insertable<Database['course']>[] = [];
  const cancellations: CourseUpdate[] = [];
  for (const update of writes.updates) {
    const { stored, record } = update;
    const fields = courseDifferences(stored.record, record);
    if (fields.length === 0) continue;
    if (fields.includes('maxParticipants')) {
      // One conditional write: the new maximum keeps what is taken (max − free) at the moment it runs.
      const delta = record.maxParticipants - stored.record.maxParticipants;
      const changed = await db
        .updateTable('course')
        .set({ max_participants: record.maxParticipants, free_places: sql`free_places + ${delta}` })
        .where('id', '=', stored.id)
        .where(sql<boolean>`free_places + ${delta} >= 0`)
        .executeTakeFirst();
      if (changed.numUpdatedRows !== 1n) {
        const now = await db
          .selectFrom('course')
          .select(['max_participants', 'free_places'])
          .where('id', '=', stored.id)
          .executeTakeFirst();
        throw new PlacesBelowBookedError(record.identifier, now ? now.max_participants - now.free_places : 0);
      }
    }
    const moved = fields.some((field) => scheduleFields.includes(field)) && stored.activeBookings > 0;
    if (fields.some((field) => field !== 'maxParticipants' && field !== 'texts' && field !== 'tags')) {
      const values = rowValues(record, facts);
      // A renamed course is updated by id; the others in batches by their (unchanged) identifier below.
      if (record.identifier !== stored.record.identifier)
        await db.updateTable('course').set(values).where('id', '=', stored.id).execute();
      else
        rowUpdates.push({
          ...values,
          max_participants: record.maxParticipants,
          free_places: stored.freePlaces + record.maxParticipants - stored.record.maxParticipants,
          schedule_sequence: stored.scheduleSequence,
        });
    }
    if (!sameTexts(stored.record.texts, record.texts)) textsToWrite.push({ id: stored.id, record });
    if (fields.includes('tags')) tagsToWrite.push({ id: stored.id, record });
    if (fields.some((field) => scheduleFields.includes(field))) derivedToSync.push(stored.id);
    if (moved) moves.push(update);
    if (record.status === 'cancelled' && stored.record.status !== 'cancelled') cancellations.push(update);
  }

  // Many rows in one statement each (an upsert on the unique identifier, both dialects): 2,000 changed courses are
  // ten statements, not 2,000. Places are not part of it: they changed above with their conditional write.
  for (const part of chunks(rowUpdates, 200))
    await db
      .insertInto('course')
      .values(part)
      .onConflict((oc) =>
        oc.column('identifier').doUpdateSet((eb) => ({
          type: eb.ref('excluded.type'),
          status: eb.ref('excluded.status'),
          start_date: eb.ref('excluded.start_date'),
          start_time: eb.ref('excluded.start_time'),
          end_date: eb.ref('excluded.end_date'),
          end_time: eb.ref('excluded.end_time'),
          meeting_days: eb.ref('excluded.meeting_days'),
          registration_deadline: eb.ref('excluded.registration_deadline'),
          price_cents: eb.ref('excluded.price_cents'),
          discounted_price_cents: eb.ref('excluded.discounted_price_cents'),
          flexible_learning_course_id: eb.ref('excluded.flexible_learning_course_id'),
        })),
      )
      .execute();

  const createdIds = new Set(outcome.created.values());
  for (const part of chunks(textsToWrite, 500)) {
    const replaced = part.filter((w) => !createdIds.has(w.id)).map((w) => w.id);
    if (replaced.length > 0) await db.deleteFrom('course_text').where('course_id', 'in', replaced).execute();
    const rows = part.flatMap((w) => textRows(w.id, w.record));
    for (const rowPart of chunks(rows, 500))
      if (rowPart.length) await db.insertInto('course_text').values(rowPart).execute();
  }
  const chosenTagIds = [...tagIds.entries()]
    .filter(([slug]) => !derivedCategoryIds.includes(facts.tags.get(slug) ?? -1))
    .map(([, id]) => id);
  for (const part of chunks(tagsToWrite, 500)) {
    const replaced = part.filter((w) => !createdIds.has(w.id)).map((w) => w.id);
    if (chosenTagIds.length > 0 && replaced.length > 0)
      await db
        .deleteFrom('course_tag')
        .where('course_id', 'in', replaced)
        .where('tag_id', 'in', chosenTagIds)
        .execute();
    const rows = part.flatMap((w) =>
      w.record.tags.flatMap((slug) => {
        const tagId = tagIds.get(slug);
        return tagId === undefined ? [] : [{ course_id: w.id, tag_id: tagId }];
      }),
    );
    for (const rowPart of chunks(rows, 500))
      if (rowPart.length) await db.insertInto('course_tag').values(rowPart).execute();
  }
  if (derivedToSync.length > 0) await syncDerivedTags(db, derivedToSync);

  // Raised in the database, not from what was read: two moves at once give two numbers.
  const sequences = new Map<number, number>();
  for (const part of chunks(
    moves.map((update) => update.stored.id),
    500,
  ))
    for (const row of await db
      .updateTable('course')
      .set({ schedule_sequence: sql`schedule_sequence + 1` })
      .where('id', 'in', part)
      .returning(['id', 'schedule_sequence'])
      .execute())
      sequences.set(row.id, row.schedule_sequence);
  for (const update of moves) {
    outcome.moved.push(update.stored.id);
    outcome.mailsQueued += await queueMovedMails(db, update.stored.id, {
      before: update.stored.record,
      after: update.record,
      sequence: sequences.get(update.stored.id)!,
      now,
    });
  }
  for (const { stored, record } of cancellations) {
    const result = await cancelStandingBookings(db, stored.id, record, writes.cancelReason ?? '', now);
    outcome.cancelledBookings += result.cancelledBookings;
    outcome.casesOpened += result.casesOpened;
    outcome.mailsQueued += result.mailsQueued;
  }
  return outcome;
}

/**
 * The school cancelled the course: each standing position is cancelled, its buyer told in the order's language, and
 * a case opened for the owner with what the position cost (the refund flow settles it). Its places are all free
 * again (nothing stands), though a cancelled course is never sold.
 */
export async function cancelStandingBookings(
  db: Kysely<Database>,
  courseId: number,
  record: CourseRecord,
  reason: string,
  now: Date,
): Promise<{ cancelledBookings: number; casesOpened: number; mailsQueued: number }> {
  const bookings = await standingBookings(db, courseId);
  if (bookings.length > 0) {
    await db
      .updateTable('course_booking')
      .set({ cancelled_at: now.toISOString() })
      .where(
        'id',
        'in',
        bookings.map((b) => b.bookingId),
      )
      .execute();
    for (const b of bookings)
      await openCase(
        db,
        {
          kind: 'course_cancelled',
          causeKey: `course_cancelled:booking:${b.bookingId}`,
          orderId: b.orderId,
          courseBookingId: b.bookingId,
          courseId,
          amountCents: b.totalPriceCents,
          note: `${record.identifier}: position of order ${b.incrementId} (${b.orderStatus}) cancelled by the school`,
        },
        now,
      );
    for (const booking of bookings) await queueMail(db, renderCancelledMail(booking, record, reason), { now });
  }
  await db
    .updateTable('course')
    .set({ free_places: sql`max_participants` })
    .where('id', '=', courseId)
    .execute();
  return { cancelledBookings: bookings.length, casesOpened: bookings.length, mailsQueued: bookings.length };
}
