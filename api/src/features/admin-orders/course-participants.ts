import type { CourseParticipants } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { csvRows } from './csv.ts';

type Db = Kysely<Database>;

/** Orders whose places count as booked, and those that only hold them until their payment arrives. */
const bookedStatuses = ['paid', 'completed'];
const holdingStatuses = ['pending', 'payment_pending'];

/** The places of a course's standing positions (not withdrawn or cancelled) of orders in `statuses`. */
function places(db: Db, courseId: number, statuses: string[]) {
  return db
    .selectFrom('course_booking as b')
    .innerJoin('shop_order as o', 'o.id', 'b.order_id')
    .innerJoin('course_booking_participant as p', 'p.course_booking_id', 'b.id')
    .select([
      'p.id as participant_id',
      'o.id as order_id',
      'o.increment_id',
      'o.status',
      'o.hold_expires_at',
      'p.firstname',
      'p.lastname',
      'p.email',
      'p.phone',
      'p.birth_year',
    ])
    .where('b.course_id', '=', courseId)
    .where('b.withdrawal_id', 'is', null)
    .where('b.cancelled_at', 'is', null)
    .where('o.status', 'in', statuses)
    .orderBy('p.lastname')
    .orderBy('p.firstname')
    .orderBy('p.id')
    .execute();
}

/** `listCourseParticipants`: who is booked, who holds a place until when, and who waits, in order. */
export async function courseParticipants(db: Db, courseId: number, now: Date): Promise<CourseParticipants> {
  const course = await db
    .selectFrom('course as c')
    .leftJoin('course_text as t', (join) => join.onRef('t.course_id', '=', 'c.id').on('t.language', '=', 'de'))
    .select(['c.id', 'c.identifier', 't.title', 'c.start_date', 'c.end_date', 'c.max_participants', 'c.free_places'])
    .where('c.id', '=', courseId)
    .executeTakeFirst();
  if (!course) throw new AppError(404, 'NOT_FOUND', 'No such course');
  const [booked, holding, waiting] = await Promise.all([
    places(db, courseId, bookedStatuses),
    places(db, courseId, holdingStatuses),
    db
      .selectFrom('waitlist_entry')
      .select(['email', 'status', 'created_at', 'offer_expires_at'])
      .where('course_id', '=', courseId)
      .where('status', 'in', ['waiting', 'offered'])
      .orderBy('id')
      .execute(),
  ]);
  const at = now.toISOString();
  return {
    course: {
      id: course.id,
      identifier: course.identifier,
      title: course.title ?? course.identifier,
      startDate: course.start_date,
      endDate: course.end_date,
      maxParticipants: course.max_participants,
      freePlaces: course.free_places,
    },
    booked: booked.map((p) => ({
      participantId: p.participant_id,
      orderId: p.order_id,
      incrementId: p.increment_id,
      orderStatus: p.status,
      firstname: p.firstname,
      lastname: p.lastname,
      email: p.email,
      phone: p.phone,
      birthYear: p.birth_year,
    })),
    // A hold that ran out no longer keeps a place, even before the sweep cancels its order.
    holds: holding
      .filter((p) => p.hold_expires_at === null || p.hold_expires_at > at)
      .map((p) => ({
        participantId: p.participant_id,
        orderId: p.order_id,
        incrementId: p.increment_id,
        firstname: p.firstname,
        lastname: p.lastname,
        email: p.email,
        holdExpiresAt: p.hold_expires_at,
      })),
    waitlist: waiting.map((w, index) => ({
      position: index + 1,
      email: w.email,
      status: w.status,
      createdAt: w.created_at,
      offerExpiresAt: w.offer_expires_at,
    })),
  };
}

/** The CSV's column headings (German: the office's list; Excel opens it with umlauts thanks to the BOM). */
const columns = [
  ['list', 'Liste'],
  ['order', 'Bestellung'],
  ['status', 'Status'],
  ['lastname', 'Nachname'],
  ['firstname', 'Vorname'],
  ['email', 'E-Mail'],
  ['phone', 'Telefon'],
  ['birthYear', 'Geburtsjahr'],
  ['until', 'Reserviert bis'],
  ['position', 'Wartelistenplatz'],
] as const;

/** `exportCourseParticipants`: the same three lists as one CSV, UTF-8 with BOM, `;` as Excel in Germany expects. */
export function participantsCsv(list: CourseParticipants): string {
  const rows = [
    ...list.booked.map((p) => ({
      list: 'gebucht',
      order: p.incrementId,
      status: p.orderStatus,
      lastname: p.lastname,
      firstname: p.firstname,
      email: p.email,
      phone: p.phone ?? '',
      birthYear: p.birthYear ?? '',
    })),
    ...list.holds.map((p) => ({
      list: 'reserviert',
      order: p.incrementId,
      status: 'payment_pending',
      lastname: p.lastname,
      firstname: p.firstname,
      email: p.email,
      until: p.holdExpiresAt ?? '',
    })),
    ...list.waitlist.map((w) => ({ list: 'Warteliste', status: w.status, email: w.email, position: w.position })),
  ];
  return csvRows(columns, rows);
}
