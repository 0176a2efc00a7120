import type { Generated } from 'kysely';

/** A catalogue item's state (0090_catalogue_admin): only `published` is listed and sold; `cancelled` is for courses. */
export type CatalogueStatus = 'draft' | 'published' | 'cancelled';

/**
 * A money matter for the owner (0090_catalogue_admin). Today one kind: `course_cancelled`, a position of a course
 * the school cancelled, with what the buyer paid for it; the refund flow settles it and closes the case.
 */
export interface OrderCaseTable {
  id: Generated<number>;
  kind: string;
  status: Generated<'open' | 'closed'>;
  /** Null for a case about no order (a failed mail to somebody who never ordered). */
  order_id: number | null;
  course_booking_id: number | null;
  course_id: number | null;
  amount_cents: number;
  note: Generated<string>;
  created_at: string;
  closed_at: string | null;
  /** 0113: one case per cause (`kind:thing:id`), whichever process opens it first; `legacy:<id>` before. */
  cause_key: string;
  payment_id: number | null;
  withdrawal_id: number | null;
  mail_id: number | null;
  refund_id: number | null;
  /** Who closed it, and the note they had to give. */
  resolved_by: number | null;
  resolution_note: string | null;
}
