import { type Language, languages } from '@shop/shared/contract';
import type { AdminCourse, CatalogueStatus, ItemTexts } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { weekdayIndex } from '../../lib/dates.ts';
import { groupBy } from '../catalog/texts.ts';
import { derivedCategoryIds, derivedTags, meetingDaysOf, parseMeetingDays } from './derived-tags.ts';

/** One language's texts of an item. */
export interface TextValues {
  title: string;
  pretitle: string;
  short: string;
}
/** Texts by language; a language without any text is left out (the shop falls back to German). */
export type TextsRecord = Partial<Record<Language, TextValues>>;

/**
 * A course as the back office, the API and the CSV files describe it: what staff decide, nothing the shop computes
 * (free places, derived tags). Two records are equal exactly when nothing would change.
 */
export interface CourseRecord {
  identifier: string;
  type: number;
  status: CatalogueStatus;
  startDate: string;
  startTime: string | null;
  endDate: string;
  endTime: string | null;
  /** Sorted, never empty (the start date's weekday when nothing else was said). */
  meetingDays: number[];
  registrationDeadline: string;
  maxParticipants: number;
  priceCents: number;
  discountedPriceCents: number | null;
  moduleIdentifier: string | null;
  /** Staff-chosen tag slugs, sorted. */
  tags: string[];
  texts: TextsRecord;
}

/** A stored course with what the records and checks need about it. */
export interface StoredCourse {
  id: number;
  record: CourseRecord;
  freePlaces: number;
  scheduleSequence: number;
  flexibleLearningCourseId: number | null;
  derivedTags: string[];
  activeBookings: number;
  /** Any position at all, standing or not: such a course cannot be deleted (the orders keep naming it). */
  anyBookings: number;
}

/** Texts from the contract's shape, trimmed of languages with nothing in them. */
export function textsFromInput(texts: ItemTexts): TextsRecord {
  const record: TextsRecord = {};
  for (const language of languages) {
    const t = texts[language];
    if (t && (t.title || t.pretitle || t.short))
      record[language] = { title: t.title, pretitle: t.pretitle ?? '', short: t.short ?? '' };
  }
  return record;
}

/** Texts in the contract's shape (German always present, empty when a row is missing). */
export function textsToOutput(texts: TextsRecord): ItemTexts {
  return {
    de: texts.de ?? { title: '', pretitle: '', short: '' },
    ...(texts.en ? { en: texts.en } : {}),
    ...(texts.es ? { es: texts.es } : {}),
  };
}

export function textsFromRows(rows: readonly { language: string; title: string; pretitle: string; short: string }[]) {
  const record: TextsRecord = {};
  for (const row of rows) {
    if (!(languages as readonly string[]).includes(row.language)) continue;
    if (row.title || row.pretitle || row.short)
      record[row.language as Language] = { title: row.title, pretitle: row.pretitle, short: row.short };
  }
  return record;
}

export const sameTexts = (a: TextsRecord, b: TextsRecord) =>
  languages.every(
    (l) =>
      (a[l]?.title ?? '') === (b[l]?.title ?? '') &&
      (a[l]?.pretitle ?? '') === (b[l]?.pretitle ?? '') &&
      (a[l]?.short ?? '') === (b[l]?.short ?? ''),
  );

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** The fields in which two course records differ (names as in the contract and the CSV header). */
export function courseDifferences(before: CourseRecord, after: CourseRecord): string[] {
  const fields: string[] = [];
  const scalar = [
    'identifier',
    'type',
    'status',
    'startDate',
    'startTime',
    'endDate',
    'endTime',
    'registrationDeadline',
    'maxParticipants',
    'priceCents',
    'discountedPriceCents',
    'moduleIdentifier',
  ] as const;
  for (const key of scalar) if (before[key] !== after[key]) fields.push(key);
  if (!sameList(before.meetingDays, after.meetingDays)) fields.push('meetingDays');
  if (!sameList(before.tags, after.tags)) fields.push('tags');
  if (!sameTexts(before.texts, after.texts)) fields.push('texts');
  return fields;
}

/** Fields whose change moves the course: its participants get new dates and a new calendar entry. */
export const scheduleFields: readonly string[] = ['startDate', 'startTime', 'endDate', 'endTime', 'meetingDays'];

/** What the tags, modules and identifiers of the catalogue are, for checking records against them. */
export interface CatalogueFacts {
  /** Slug → category id of every tag. */
  tags: Map<string, number>;
  /** moduleIdentifier → id of every flexible-learning module. */
  modules: Map<string, number>;
}

export async function loadCatalogueFacts(db: Kysely<Database>): Promise<CatalogueFacts> {
  const [tags, modules] = await Promise.all([
    db.selectFrom('tag').select(['slug', 'category_id']).execute(),
    db.selectFrom('flexible_learning_course').select(['id', 'module_identifier']).execute(),
  ]);
  return {
    tags: new Map(tags.map((t) => [t.slug, t.category_id])),
    modules: new Map(modules.map((m) => [m.module_identifier, m.id])),
  };
}

const isDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * The rules a course must keep whatever writes it (API, import), as field errors keyed like the contract's
 * fields; empty when it may be stored. Derived tags cannot be chosen: they follow from the dates.
 */
export function courseFieldErrors(record: CourseRecord, facts: CatalogueFacts): Record<string, string> {
  const errors: Record<string, string> = {};
  if (![1, 2, 3].includes(record.type))
    errors.type = 'Expected 1 (group course), 2 (flexible appointment) or 3 (conversation hour)';
  for (const key of ['startDate', 'endDate', 'registrationDeadline'] as const)
    if (!isDate(record[key])) errors[key] = 'Expected a date yyyy-MM-dd';
  if (!errors.startDate && !errors.endDate && record.endDate < record.startDate)
    errors.endDate = 'The course cannot end before it starts';
  if ((record.startTime === null) !== (record.endTime === null))
    errors[record.startTime === null ? 'startTime' : 'endTime'] = 'Give both times, or neither (held by appointment)';
  else if (
    record.startTime !== null &&
    record.endTime !== null &&
    record.startDate === record.endDate &&
    record.endTime <= record.startTime
  )
    errors.endTime = 'The course cannot end before it starts';
  if (!errors.registrationDeadline && !errors.endDate && record.registrationDeadline > record.endDate)
    errors.registrationDeadline = 'The registration deadline cannot be after the last day';
  if (!errors.startDate && !record.meetingDays.includes(weekdayIndex(record.startDate)))
    errors.meetingDays = "The weekdays must include the start date's";
  if (record.discountedPriceCents !== null && record.discountedPriceCents >= record.priceCents)
    errors.discountedPriceCents = 'The offer price must be below the price';
  if (record.type === 2 && record.moduleIdentifier === null)
    errors.moduleIdentifier = 'A flexible-learning appointment belongs to a module';
  else if (record.type !== 2 && record.moduleIdentifier !== null)
    errors.moduleIdentifier = 'Only flexible-learning appointments belong to a module';
  else if (record.moduleIdentifier !== null && !facts.modules.has(record.moduleIdentifier))
    errors.moduleIdentifier = `No module "${record.moduleIdentifier}"`;
  const unknown = record.tags.filter((slug) => !facts.tags.has(slug));
  const derived = record.tags.filter((slug) => derivedCategoryIds.includes(facts.tags.get(slug) ?? -1));
  if (unknown.length > 0) errors.tags = `Unknown tags: ${unknown.join(', ')}`;
  else if (derived.length > 0) errors.tags = `Computed from the dates, not chosen: ${derived.join(', ')}`;
  if (!record.texts.de?.title) errors['texts.de.title'] = 'A German title is required';
  return errors;
}

/** Reads courses (all, or those with `ids`) with their texts, tags, module and bookings: a few queries in all. */
export async function loadStoredCourses(db: Kysely<Database>, ids?: readonly number[]): Promise<StoredCourse[]> {
  const stored: StoredCourse[] = [];
  const allIds = ids ?? (await db.selectFrom('course').select('id').orderBy('id').execute()).map((r) => r.id);
  for (let i = 0; i < allIds.length; i += 500) {
    const chunk = allIds.slice(i, i + 500);
    const [rows, texts, tags, bookings] = await Promise.all([
      db
        .selectFrom('course')
        .leftJoin('flexible_learning_course as module', 'module.id', 'course.flexible_learning_course_id')
        .selectAll('course')
        .select('module.module_identifier')
        .where('course.id', 'in', chunk)
        .orderBy('course.id')
        .execute(),
      db.selectFrom('course_text').selectAll().where('course_id', 'in', chunk).execute(),
      db
        .selectFrom('course_tag')
        .innerJoin('tag', 'tag.id', 'course_tag.tag_id')
        .select(['course_tag.course_id', 'tag.slug', 'tag.category_id'])
        .where('course_tag.course_id', 'in', chunk)
        .execute(),
      db
        .selectFrom('course_booking')
        .innerJoin('shop_order', 'shop_order.id', 'course_booking.order_id')
        .select((eb) => [
          'course_booking.course_id',
          eb.fn.countAll<number | string>().as('any'),
          eb.fn
            .sum<number | string>(
              eb
                .case()
                .when(
                  eb.and([
                    eb('course_booking.cancelled_at', 'is', null),
                    eb('course_booking.withdrawal_id', 'is', null),
                    eb('shop_order.status', 'in', ['payment_pending', 'paid', 'completed']),
                  ]),
                )
                .then(1)
                .else(0)
                .end(),
            )
            .as('active'),
        ])
        .where('course_booking.course_id', 'in', chunk)
        .groupBy('course_booking.course_id')
        .execute(),
    ]);
    const textsBy = groupBy(texts, (t) => t.course_id);
    const tagsBy = groupBy(tags, (t) => t.course_id);
    const bookingsBy = new Map(bookings.map((b) => [b.course_id, b]));
    for (const row of rows) {
      const courseTags = tagsBy.get(row.id) ?? [];
      const booking = bookingsBy.get(row.id);
      stored.push({
        id: row.id,
        record: {
          identifier: row.identifier,
          type: row.type,
          status: row.status,
          startDate: row.start_date,
          startTime: row.start_time,
          endDate: row.end_date,
          endTime: row.end_time,
          meetingDays: meetingDaysOf({ startDate: row.start_date, meetingDays: parseMeetingDays(row.meeting_days) }),
          registrationDeadline: row.registration_deadline,
          maxParticipants: row.max_participants,
          priceCents: row.price_cents,
          discountedPriceCents: row.discounted_price_cents,
          moduleIdentifier: row.module_identifier ?? null,
          tags: courseTags
            .filter((t) => !derivedCategoryIds.includes(t.category_id))
            .map((t) => t.slug)
            .sort(),
          texts: textsFromRows(textsBy.get(row.id) ?? []),
        },
        freePlaces: row.free_places,
        scheduleSequence: row.schedule_sequence,
        flexibleLearningCourseId: row.flexible_learning_course_id,
        derivedTags: courseTags.filter((t) => derivedCategoryIds.includes(t.category_id)).map((t) => t.slug),
        activeBookings: Number(booking?.active ?? 0),
        anyBookings: Number(booking?.any ?? 0),
      });
    }
  }
  return stored;
}

/** The course in the admin contract's shape. */
export function toAdminCourse(course: StoredCourse): AdminCourse {
  const r = course.record;
  const derived = derivedTags(r).map(([, slug]) => slug);
  return {
    id: course.id,
    identifier: r.identifier,
    type: r.type as AdminCourse['type'],
    status: r.status,
    startDate: r.startDate,
    startTime: r.startTime,
    endDate: r.endDate,
    endTime: r.endTime,
    meetingDays: r.meetingDays,
    registrationDeadline: r.registrationDeadline,
    maxParticipants: r.maxParticipants,
    freePlaces: course.freePlaces,
    takenPlaces: r.maxParticipants - course.freePlaces,
    activeBookings: course.activeBookings,
    priceCents: r.priceCents,
    discountedPriceCents: r.discountedPriceCents,
    moduleIdentifier: r.moduleIdentifier,
    flexibleLearningCourseId: course.flexibleLearningCourseId,
    tags: r.tags,
    derivedTags: course.derivedTags.length > 0 ? course.derivedTags : derived,
    texts: textsToOutput(r.texts),
    scheduleSequence: course.scheduleSequence,
  };
}
