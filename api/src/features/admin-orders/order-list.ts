import type { AdminOrderSummary, ListOrdersQuery } from '@shop/shared/contract/admin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays } from '../../lib/dates.ts';

type Filter = Omit<ListOrdersQuery, 'page' | 'perPage' | 'sort' | 'order'>;

const sortColumns = {
  createdAt: 'o.created_at',
  incrementId: 'o.increment_id',
  totalCents: 'o.total_price_cents',
} as const;

/** `%` and `_` in what staff typed are looked for as such, not as LIKE's wildcards. */
const likeText = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** The orders a filter selects, with the billing name beside each (an anonymised order has none). */
export function filteredOrders(db: Kysely<Database>, filter: Filter) {
  let query = db.selectFrom('shop_order as o').leftJoin('order_billing_address as a', 'a.order_id', 'o.id');
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.paymentMethod) query = query.where('o.payment_method', '=', filter.paymentMethod);
  if (filter.from) query = query.where('o.created_at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where('o.created_at', '<', `${addDays(filter.to, 1)}T00:00:00.000Z`);
  if (filter.courseId) {
    const courseId = filter.courseId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('course_booking as b')
          .select('b.id')
          .whereRef('b.order_id', '=', 'o.id')
          .where('b.course_id', '=', courseId),
      ),
    );
  }
  if (filter.q) {
    const q = filter.q;
    const pattern = sql<string>`${`%${likeText(q)}%`} escape '\\'`;
    // Each way of finding an order on its own index (the number's, and in PostgreSQL the trigram indexes of
    // 0110), joined as a set of ids, rather than one OR over a join that reads every order.
    query = query.where('o.id', 'in', (eb) =>
      eb
        .selectFrom('shop_order as n')
        .select('n.id')
        .where('n.increment_id', '=', q)
        .union(eb.selectFrom('shop_order as e').select('e.id').where('e.email', 'like', pattern))
        .union(
          eb
            .selectFrom('order_billing_address as b')
            .select('b.order_id as id')
            .where(sql<string>`lower(b.firstname || ' ' || b.lastname)`, 'like', pattern),
        ),
    );
  }
  return query;
}

/** `listOrders`: one page of the filtered orders and how many there are in all. */
export async function listOrders(db: Kysely<Database>, query: ListOrdersQuery) {
  const { page, perPage, sort = 'createdAt', order, ...filter } = query;
  const base = filteredOrders(db, filter);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'o.id',
      'o.increment_id',
      'o.created_at',
      'o.status',
      'o.email',
      'o.total_price_cents',
      'o.payment_method',
      'a.firstname',
      'a.lastname',
    ])
    .orderBy(sortColumns[sort], order)
    .orderBy('o.id', order)
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { items: rows.map(toSummary), total: Number(total), page, perPage };
}

export function toSummary(row: {
  id: number;
  increment_id: string;
  created_at: string;
  status: string;
  email: string;
  total_price_cents: number;
  payment_method: string | null;
  firstname: string | null;
  lastname: string | null;
}): AdminOrderSummary {
  return {
    id: row.id,
    incrementId: row.increment_id,
    createdAt: row.created_at,
    status: row.status,
    email: row.email,
    name: [row.firstname, row.lastname].filter(Boolean).join(' '),
    totalCents: row.total_price_cents,
    paymentMethod: row.payment_method,
  };
}
