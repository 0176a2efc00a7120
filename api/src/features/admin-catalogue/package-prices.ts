import { ErrorCode, type PackageType } from '@shop/shared/contract';
import { type AdminPackagePrice, packagePriceIdPattern, type PublishStatus } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/** A package price as staff decide it; its key is `<type>-<amount>`. Orders keep the price they were sold at. */
export interface PackagePriceRecord {
  type: PackageType;
  amount: number;
  priceCents: number;
  status: PublishStatus;
}

export const packagePriceKey = (p: { type: string; amount: number }) => `${p.type}-${p.amount}`;

export function parsePackagePriceId(id: string): { type: PackageType; amount: number } {
  const match = packagePriceIdPattern.exec(id);
  if (!match) throw new AppError(400, ErrorCode.validation, 'Invalid path', { id: 'Expected <type>-<amount>' });
  return { type: match[1] as PackageType, amount: Number(match[2]) };
}

export async function loadPackagePrices(db: Kysely<Database>): Promise<PackagePriceRecord[]> {
  const rows = await db
    .selectFrom('package_price')
    .select(['type', 'amount', 'price_cents', 'status'])
    .orderBy('type')
    .orderBy('amount')
    .execute();
  return rows.map((r) => ({ type: r.type, amount: r.amount, priceCents: r.price_cents, status: r.status }));
}

export const toAdminPackagePrice = (p: PackagePriceRecord): AdminPackagePrice => ({
  id: packagePriceKey(p),
  type: p.type,
  amount: p.amount,
  priceCents: p.priceCents,
  status: p.status,
});

export async function listPackagePrices(
  db: Kysely<Database>,
  query: { page: number; perPage: number; type?: PackageType; status?: PublishStatus },
) {
  const all = (await loadPackagePrices(db)).filter(
    (p) => (!query.type || p.type === query.type) && (!query.status || p.status === query.status),
  );
  const start = (query.page - 1) * query.perPage;
  return {
    items: all.slice(start, start + query.perPage),
    total: all.length,
    page: query.page,
    perPage: query.perPage,
  };
}

/** Writes package prices (insert or update by key, delete) in the caller's transaction. */
export async function applyPackagePriceWrites(
  db: Kysely<Database>,
  { upserts, deletes }: { upserts: PackagePriceRecord[]; deletes: PackagePriceRecord[] },
): Promise<void> {
  for (const p of deletes)
    await db.deleteFrom('package_price').where('type', '=', p.type).where('amount', '=', p.amount).execute();
  for (const p of upserts) {
    const updated = await db
      .updateTable('package_price')
      .set({ price_cents: p.priceCents, status: p.status })
      .where('type', '=', p.type)
      .where('amount', '=', p.amount)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n)
      await db
        .insertInto('package_price')
        .values({ type: p.type, amount: p.amount, price_cents: p.priceCents, status: p.status })
        .execute();
  }
}

/** updatePackagePrice: sets price and/or status; a new package needs its price and starts as a draft. */
export async function updatePackagePrice(
  db: Kysely<Database>,
  id: string,
  body: { priceCents?: number; status?: PublishStatus },
) {
  const key = parsePackagePriceId(id);
  const before = (await loadPackagePrices(db)).find((p) => p.type === key.type && p.amount === key.amount) ?? null;
  if (!before && body.priceCents === undefined)
    throw new AppError(400, ErrorCode.validation, 'Invalid body', { priceCents: 'required' });
  const after: PackagePriceRecord = {
    ...key,
    priceCents: body.priceCents ?? before!.priceCents,
    status: body.status ?? before?.status ?? 'draft',
  };
  await applyPackagePriceWrites(db, { upserts: [after], deletes: [] });
  return { before, after };
}
