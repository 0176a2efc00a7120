import type { PackagePrice, PackageType } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { centsToEuros } from '@shop/shared/money';

/** Every package price, by type and amount; the amount-1 row of a type is its unit price. */
export async function listPackagePrices(db: Kysely<Database>): Promise<PackagePrice[]> {
  const rows = await db
    .selectFrom('package_price')
    .select(['type', 'amount', 'price_cents'])
    .where('status', '=', 'published')
    .orderBy('type')
    .orderBy('amount')
    .execute();
  return rows.map((row) => ({
    type: row.type as PackageType,
    amount: row.amount,
    price: centsToEuros(row.price_cents),
  }));
}
