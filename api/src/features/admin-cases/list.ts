import { type CaseKind, type OrderCase, refundCaseKinds } from '@shop/shared/contract/admin';
import type { Kysely, Selectable } from 'kysely';
import type { OrderCaseTable } from '../../db/catalogue-schema.ts';
import type { Database } from '../../db/schema.ts';

export interface ListCasesQuery {
  page: number;
  perPage: number;
  status?: 'open' | 'closed';
  kind?: CaseKind;
  refundRequired?: boolean;
  orderId?: number;
}

/** listCases: every case, newest first, with its order; filtered by status, kind, "refund required" or order. */
export async function listCases(db: Kysely<Database>, query: ListCasesQuery) {
  let q = db
    .selectFrom('order_case')
    .leftJoin('shop_order', 'shop_order.id', 'order_case.order_id')
    .leftJoin('course', 'course.id', 'order_case.course_id');
  if (query.status) q = q.where('order_case.status', '=', query.status);
  if (query.kind) q = q.where('order_case.kind', '=', query.kind);
  if (query.refundRequired !== undefined)
    q = q.where('order_case.kind', query.refundRequired ? 'in' : 'not in', [...refundCaseKinds]);
  if (query.orderId) q = q.where('order_case.order_id', '=', query.orderId);
  const { total } = await q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('order_case')
    .select(['shop_order.increment_id', 'shop_order.email', 'course.identifier as course_identifier'])
    .orderBy('order_case.id', 'desc')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return { items: rows.map(toOrderCase), total: Number(total), page: query.page, perPage: query.perPage };
}

/** One case as the admin API shows it. */
export async function readCase(db: Kysely<Database>, id: number): Promise<OrderCase | null> {
  const row = await db
    .selectFrom('order_case')
    .leftJoin('shop_order', 'shop_order.id', 'order_case.order_id')
    .leftJoin('course', 'course.id', 'order_case.course_id')
    .selectAll('order_case')
    .select(['shop_order.increment_id', 'shop_order.email', 'course.identifier as course_identifier'])
    .where('order_case.id', '=', id)
    .executeTakeFirst();
  return row ? toOrderCase(row) : null;
}

type CaseRow = Selectable<OrderCaseTable> & {
  increment_id: string | null;
  email: string | null;
  course_identifier: string | null;
};

const toOrderCase = (row: CaseRow): OrderCase => ({
  id: row.id,
  kind: row.kind as CaseKind,
  status: row.status,
  orderId: row.order_id,
  incrementId: row.increment_id,
  email: row.email,
  courseBookingId: row.course_booking_id,
  courseId: row.course_id,
  courseIdentifier: row.course_identifier,
  paymentId: row.payment_id,
  withdrawalId: row.withdrawal_id,
  mailId: row.mail_id,
  refundId: row.refund_id,
  amountCents: row.amount_cents,
  note: row.note,
  createdAt: row.created_at,
  closedAt: row.closed_at,
  resolvedBy: row.resolved_by,
  resolutionNote: row.resolution_note,
});
