import type { OrderCase } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { centsToEuros } from '@shop/shared/money';

/** listCases: the owner's money matters, newest first (open ones by default first in the back office's filter). */
export async function listCases(
  db: Kysely<Database>,
  query: { page: number; perPage: number; status?: 'open' | 'closed'; kind?: string },
) {
  let q = db
    .selectFrom('order_case')
    .innerJoin('shop_order', 'shop_order.id', 'order_case.order_id')
    .leftJoin('course', 'course.id', 'order_case.course_id');
  if (query.status) q = q.where('order_case.status', '=', query.status);
  if (query.kind) q = q.where('order_case.kind', '=', query.kind);
  const { total } = await q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('order_case')
    .select(['shop_order.increment_id', 'shop_order.email', 'course.identifier as course_identifier'])
    .orderBy('order_case.id', 'desc')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  const items: OrderCase[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    orderId: row.order_id,
    incrementId: row.increment_id,
    email: row.email,
    courseBookingId: row.course_booking_id,
    courseId: row.course_id,
    courseIdentifier: row.course_identifier ?? null,
    amount: centsToEuros(row.amount_cents),
    note: row.note,
    createdAt: row.created_at,
    closedAt: row.closed_at,
  }));
  return { items, total: Number(total), page: query.page, perPage: query.perPage };
}
