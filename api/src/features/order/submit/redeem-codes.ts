import { normalizeEmail } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { PricedCart } from '../../cart/pricing/index.ts';
import { mailboxKey } from '../../customer/mailbox.ts';

/**
 * One redemption per applied code and order (unique in the database), counted against its limits from now on;
 * with the order's address and its inbox, so once-per-customer limits also count it for that inbox.
 */
export async function redeemCodes(
  trx: Kysely<Database>,
  {
    orderId,
    customerId,
    email,
    priced,
    now,
  }: { orderId: number; customerId: number | null; email: string; priced: PricedCart; now: Date },
) {
  const applied = priced.calculation.codes.filter((code) => code.rejection === null);
  if (applied.length === 0) return;
  const rows = await trx
    .selectFrom('discount_code')
    .select(['id', 'code'])
    .where(
      'code',
      'in',
      applied.map((code) => code.code),
    )
    .execute();
  const amountOf = new Map(applied.map((code) => [code.code, code.discountCents]));
  await trx
    .insertInto('discount_code_usage')
    .values(
      rows.map((row) => ({
        discount_cents: amountOf.get(row.code) ?? 0,
        discount_code_id: row.id,
        customer_id: customerId,
        order_id: orderId,
        email: normalizeEmail(email),
        inbox: mailboxKey(normalizeEmail(email)),
        used_at: now.toISOString(),
      })),
    )
    .execute();
}
