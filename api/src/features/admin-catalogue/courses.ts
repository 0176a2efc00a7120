import { ErrorCode } from '@shop/shared/contract';
import {
  CatalogueErrorCode,
  type CreateCourseBody,
  type ListCoursesQuery,
  type UpdateCourseBody,
} from '@shop/shared/contract/admin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { weekdayIndex } from '../../lib/dates.ts';
import {
  type CourseRecord,
  courseFieldErrors,
  loadCatalogueFacts,
  loadStoredCourses,
  type StoredCourse,
  textsFromInput,
} from './course-records.ts';
import { applyCourseWrites, type CourseWriteOutcome, PlacesBelowBookedError } from './course-writes.ts';
import { meetingDaysOf } from './derived-tags.ts';

const sortedUnique = (values: readonly string[]) => [...new Set(values)].sort();

export async function readCourse(db: Kysely<Database>, id: number): Promise<StoredCourse> {
  const [course] = await loadStoredCourses(db, [id]);
  if (!course) throw notFound('No course with this id');
  return course;
}

/** listCourses: filtered, sorted and paged; texts, tags and bookings for the page in a few queries. */
export async function listCourses(db: Kysely<Database>, query: ListCoursesQuery) {
  let q = db.selectFrom('course');
  if (query.status) q = q.where('course.status', '=', query.status);
  if (query.type !== undefined) q = q.where('course.type', '=', query.type);
  if (query.startFrom) q = q.where('course.start_date', '>=', query.startFrom);
  if (query.startTo) q = q.where('course.start_date', '<=', query.startTo);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(course.identifier)`, 'like', sql`${pattern} escape '\\'`),
        eb.exists(
          eb
            .selectFrom('course_text')
            .select('course_text.course_id')
            .whereRef('course_text.course_id', '=', 'course.id')
            .where(sql`lower(course_text.title)`, 'like', sql`${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const descending = query.sort.startsWith('-');
  const column = query.sort.replace('-', '');
  const direction = descending ? 'desc' : 'asc';
  let ordered = q.select('course.id');
  if (column === 'startDate')
    ordered = ordered.orderBy('course.start_date', direction).orderBy('course.start_time', direction);
  else if (column === 'identifier') ordered = ordered.orderBy('course.identifier', direction);
  const rows = await ordered
    .orderBy('course.id', direction)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  const byId = new Map(
    (
      await loadStoredCourses(
        db,
        rows.map((r) => r.id),
      )
    ).map((c) => [c.id, c]),
  );
  return {
    items: rows.map((r) => byId.get(r.id)!),
    total: Number(total),
    page: query.page,
    perPage: query.perPage,
  };
}

function validationError(fields: Record<string, string>): AppError {
  return new AppError(400, ErrorCode.validation, 'Invalid body', fields);
}

async function requireFreeIdentifier(db: Kysely<Database>, identifier: string, ownId: number | null) {
  const other = await db.selectFrom('course').select('id').where('identifier', '=', identifier).executeTakeFirst();
  if (other && other.id !== ownId)
    throw new AppError(409, CatalogueErrorCode.identifierTaken, 'Another course has this identifier', {
      identifier: 'Taken by another course',
    });
}

function placesError(error: PlacesBelowBookedError): AppError {
  return new AppError(409, CatalogueErrorCode.placesBelowBooked, 'Fewer places than are booked or held', {
    maxParticipants: `At least ${error.takenPlaces} places are booked or held`,
  });
}

/** Runs course writes, turning the places refusal into the API's 409. */
async function write(run: () => Promise<CourseWriteOutcome>): Promise<CourseWriteOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PlacesBelowBookedError) throw placesError(error);
    throw error;
  }
}

/** createCourse: a draft with all its places free; derived tags from its dates. */
export async function createCourse(db: Kysely<Database>, body: CreateCourseBody, now: Date): Promise<StoredCourse> {
  const record: CourseRecord = {
    identifier: body.identifier,
    type: body.type,
    status: 'draft',
    startDate: body.startDate,
    startTime: body.startTime,
    endDate: body.endDate,
    endTime: body.endTime,
    meetingDays: meetingDaysOf({ startDate: body.startDate, meetingDays: body.meetingDays ?? null }),
    registrationDeadline: body.registrationDeadline,
    maxParticipants: body.maxParticipants,
    priceCents: body.priceCents,
    discountedPriceCents: body.discountedPriceCents,
    moduleIdentifier: body.moduleIdentifier,
    tags: sortedUnique(body.tags),
    texts: textsFromInput(body.texts),
  };
  const facts = await loadCatalogueFacts(db);
  const fields = courseFieldErrors(record, facts);
  if (Object.keys(fields).length > 0) throw validationError(fields);
  await requireFreeIdentifier(db, record.identifier, null);
  const outcome = await applyCourseWrites(db, { creates: [record], updates: [], deletes: [] }, { facts, now });
  return readCourse(db, outcome.created.get(record.identifier)!);
}

/**
 * The course after `body`: what it leaves out stays. Moving the start to another weekday moves the meeting days
 * with it (Tuesday and Thursday, a day later, become Wednesday and Friday) unless the body names them.
 */
export function mergeCourse(before: CourseRecord, body: UpdateCourseBody): CourseRecord {
  const startDate = body.startDate ?? before.startDate;
  const shift = weekdayIndex(startDate) - weekdayIndex(before.startDate);
  const meetingDays =
    body.meetingDays ?? (shift === 0 ? before.meetingDays : before.meetingDays.map((day) => (day + shift + 7) % 7));
  return {
    ...before,
    identifier: body.identifier ?? before.identifier,
    startDate,
    startTime: body.startTime !== undefined ? body.startTime : before.startTime,
    endDate: body.endDate ?? before.endDate,
    endTime: body.endTime !== undefined ? body.endTime : before.endTime,
    meetingDays: meetingDaysOf({ startDate, meetingDays }),
    registrationDeadline: body.registrationDeadline ?? before.registrationDeadline,
    maxParticipants: body.maxParticipants ?? before.maxParticipants,
    priceCents: body.priceCents ?? before.priceCents,
    discountedPriceCents:
      body.discountedPriceCents !== undefined ? body.discountedPriceCents : before.discountedPriceCents,
    moduleIdentifier: body.moduleIdentifier !== undefined ? body.moduleIdentifier : before.moduleIdentifier,
    tags: body.tags ? sortedUnique(body.tags) : before.tags,
    texts: body.texts ? textsFromInput(body.texts) : before.texts,
  };
}

function refuseCancelled(course: StoredCourse) {
  if (course.record.status === 'cancelled')
    throw new AppError(409, CatalogueErrorCode.courseCancelled, 'The course is cancelled and cannot change');
}

/** updateCourse: a change of dates of a booked course mails its people (course-writes.ts). */
export async function updateCourse(db: Kysely<Database>, id: number, body: UpdateCourseBody, now: Date) {
  const before = await readCourse(db, id);
  refuseCancelled(before);
  const record = mergeCourse(before.record, body);
  const facts = await loadCatalogueFacts(db);
  const fields = courseFieldErrors(record, facts);
  if (Object.keys(fields).length > 0) throw validationError(fields);
  if (record.identifier !== before.record.identifier) await requireFreeIdentifier(db, record.identifier, id);
  const outcome = await write(() =>
    applyCourseWrites(db, { creates: [], updates: [{ stored: before, record }], deletes: [] }, { facts, now }),
  );
  return {
    before,
    after: await readCourse(db, id),
    moved: outcome.moved.includes(id),
    mailsQueued: outcome.mailsQueued,
  };
}

/** publishCourse / unpublishCourse: only a published course is listed and sold; bookings it has stand either way. */
export async function setCourseStatus(db: Kysely<Database>, id: number, status: 'draft' | 'published', now: Date) {
  const before = await readCourse(db, id);
  refuseCancelled(before);
  const facts = await loadCatalogueFacts(db);
  if (status === 'published') {
    const fields = courseFieldErrors(before.record, facts);
    if (Object.keys(fields).length > 0) throw validationError(fields);
  }
  await applyCourseWrites(
    db,
    { creates: [], updates: [{ stored: before, record: { ...before.record, status } }], deletes: [] },
    { facts, now },
  );
  return { before, after: await readCourse(db, id) };
}

/** cancelCourse: positions cancelled, buyers told, a case per position for the owner. Final. */
export async function cancelCourse(db: Kysely<Database>, id: number, reason: string, now: Date) {
  const before = await readCourse(db, id);
  refuseCancelled(before);
  const facts = await loadCatalogueFacts(db);
  const outcome = await applyCourseWrites(
    db,
    {
      creates: [],
      updates: [{ stored: before, record: { ...before.record, status: 'cancelled' } }],
      deletes: [],
      cancelReason: reason,
    },
    { facts, now },
  );
  return { before, after: await readCourse(db, id), outcome };
}
