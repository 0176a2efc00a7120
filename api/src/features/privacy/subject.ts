import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Whose data a download or a deletion is about (docs/privacy.md#whose-data): a customer account (its rows, and the
 * guest rows of its confirmed address, which the same inbox made), or a guest's address proven by a mailed link
 * (the rows tied to that address outside every account).
 */
export type Subject =
  | {
      kind: 'customer';
      customerId: number;
      email: string;
      /**
       * False for an account whose address was never confirmed: whoever registered it may not own the address, so
       * only the account's own rows are its, none a guest made with that address.
       */
      addressConfirmed?: boolean;
    }
  | { kind: 'guest'; email: string };

/** Whether rows tied to the subject's address (not to an account) are the subject's. */
export const ownsAddress = (subject: Subject) => subject.kind === 'guest' || subject.addressConfirmed !== false;

type Db = Kysely<Database>;

/** The subject's orders: the account's, and those placed with its address without an account. */
export async function orderIdsOf(db: Db, subject: Subject): Promise<number[]> {
  const rows = await db
    .selectFrom('shop_order')
    .select('id')
    .where((eb) => {
      const guestOrders = eb.and([eb('customer_id', 'is', null), eb('email', '=', subject.email)]);
      if (subject.kind === 'guest') return guestOrders;
      const own = eb('customer_id', '=', subject.customerId);
      return ownsAddress(subject) ? eb.or([own, guestOrders]) : own;
    })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

/** Participant entries naming the subject's address in somebody else's orders. */
export async function participationIdsOf(db: Db, subject: Subject, ownOrderIds: number[]): Promise<number[]> {
  if (!ownsAddress(subject)) return [];
  let query = db
    .selectFrom('course_booking_participant as p')
    .innerJoin('course_booking as b', 'b.id', 'p.course_booking_id')
    .select('p.id')
    .where('p.email', '=', subject.email);
  if (ownOrderIds.length > 0) query = query.where('b.order_id', 'not in', ownOrderIds);
  return (await query.execute()).map((row) => row.id);
}
