import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Takes `quantity` places of a course with one conditional write: the row changes only while enough places are
 * left. SQLite runs one write transaction at a time; PostgreSQL locks the row and re-checks the condition on the
 * committed value, so concurrent checkouts can never take more places than there are. False: not enough left
 * (or, with `onSaleOnly`, the course is no longer published).
 */
export async function takePlaces(
  trx: Kysely<Database>,
  courseId: number,
  quantity: number,
  { onSaleOnly = false }: { onSaleOnly?: boolean } = {},
): Promise<boolean> {
  const result = await trx
    .updateTable('course')
    .set({ free_places: sql`free_places - ${quantity}` })
    .where('id', '=', courseId)
    .where('free_places', '>=', quantity)
    // A sale also needs the course still published: an unpublish committed since the cart was priced wins.
    .$if(onSaleOnly, (q) => q.where('status', '=', 'published'))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Gives places back (a cancelled order); never above the course's size. */
export async function releasePlaces(trx: Kysely<Database>, courseId: number, quantity: number): Promise<void> {
  await trx
    .updateTable('course')
    .set({
      free_places: sql`case when free_places + ${quantity} > max_participants then max_participants else free_places + ${quantity} end`,
    })
    .where('id', '=', courseId)
    .execute();
}
