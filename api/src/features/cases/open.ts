import type { CaseKind } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { queueCaseNotice } from '../school-notices/notices.ts';

export interface CaseInput {
  kind: CaseKind;
  /**
   * What makes this case one (`late_payment:payment:12`): unique in `order_case`, so whichever process sees the cause
   * first opens it and every later sighting, in this process or another, changes nothing.
   */
  causeKey: string;
  orderId: number | null;
  amountCents: number;
  /** What happened, for the person who settles it. */
  note: string;
  paymentId?: number | null;
  withdrawalId?: number | null;
  mailId?: number | null;
  refundId?: number | null;
  courseBookingId?: number | null;
  courseId?: number | null;
}

/**
 * Opens a case once per cause (docs/decisions/0113-cases-and-refunds.md); the id when this call opened it, null when
 * it was open already. Run it in the transaction that records the cause where there is one, so the case and its
 * notice to the school exist exactly when the cause does. `notify: false` for a failed notice to the school itself.
 */
export async function openCase(
  db: Kysely<Database>,
  input: CaseInput,
  now: Date,
  { notify = true }: { notify?: boolean } = {},
): Promise<number | null> {
  const row = await db
    .insertInto('order_case')
    .values({
      kind: input.kind,
      cause_key: input.causeKey,
      order_id: input.orderId,
      amount_cents: input.amountCents,
      note: input.note.slice(0, 2000),
      payment_id: input.paymentId ?? null,
      withdrawal_id: input.withdrawalId ?? null,
      mail_id: input.mailId ?? null,
      refund_id: input.refundId ?? null,
      course_booking_id: input.courseBookingId ?? null,
      course_id: input.courseId ?? null,
      created_at: now.toISOString(),
      closed_at: null,
    })
    .onConflict((oc) => oc.column('cause_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  if (notify) {
    const order =
      input.orderId === null
        ? undefined
        : await db.selectFrom('shop_order').select('increment_id').where('id', '=', input.orderId).executeTakeFirst();
    await queueCaseNotice(
      db,
      {
        id: row.id,
        kind: input.kind,
        orderNumber: order?.increment_id ?? null,
        amountCents: input.amountCents,
        note: input.note,
      },
      now,
    );
  }
  return row.id;
}

/**
 * Closes the open case a cause settled without a person (a refund issued for it): the note says what did it.
 * Nothing when there is no such open case.
 */
export async function closeCase(
  db: Kysely<Database>,
  caseId: number,
  note: string,
  now: Date,
  staffId: number | null,
): Promise<boolean> {
  const closed = await db
    .updateTable('order_case')
    .set({ status: 'closed', closed_at: now.toISOString(), resolution_note: note, resolved_by: staffId })
    .where('id', '=', caseId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return closed.numUpdatedRows === 1n;
}
