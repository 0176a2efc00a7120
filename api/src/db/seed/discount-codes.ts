import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type NewDiscountCode = Insertable<Database['discount_code']>;

const day = 86_400_000;

/**
 * The demo codes listed in docs/product-rules.md#demo-codes, relative to `now` so they behave the same on every fresh database:
 * WILLKOMMEN10 10 % on everything (once per customer), SOMMER25 25 € off from 200 € (valid for a year),
 * ABGELAUFEN expired yesterday.
 */
export function demoDiscountCodes(now: Date): NewDiscountCode[] {
  const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * day).toISOString();
  return [
    { code: 'WILLKOMMEN10', percent_off: 10, usage_limit_per_customer: 1 },
    { code: 'SOMMER25', amount_off_cents: 2500, min_order_cents: 20000, valid_from: at(-1), valid_until: at(365) },
    { code: 'ABGELAUFEN', percent_off: 15, valid_from: at(-31), valid_until: at(-1) },
  ];
}

/** Inserts the demo codes that are missing (a code edited or used in the database is left alone). */
export async function seedDiscountCodes(db: Kysely<Database>, now: Date): Promise<number> {
  const existing = new Set((await db.selectFrom('discount_code').select('code').execute()).map((row) => row.code));
  const missing = demoDiscountCodes(now).filter((code) => !existing.has(code.code));
  if (missing.length > 0) await db.insertInto('discount_code').values(missing).execute();
  return missing.length;
}
