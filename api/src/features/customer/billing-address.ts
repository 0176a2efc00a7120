import type { BillingAddress, Country } from '@shop/shared/contract';
import type { Db } from '../../db/database.ts';

/** The customer's saved billing address (docs/product-rules.md#data), or null before the first save. */
export async function readBillingAddress(db: Db, customerId: number): Promise<BillingAddress | null> {
  const row = await db.kysely
    .selectFrom('customer_billing_address')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    firstname: row.firstname,
    lastname: row.lastname,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    zip: row.zip,
    country: row.country as Country,
  };
}

/** The address fields as database columns; shared by the customer's address and the order's copy of it. */
export function billingAddressColumns(address: BillingAddress) {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    address_line1: address.addressLine1,
    address_line2: address.addressLine2,
    city: address.city,
    zip: address.zip,
    country: address.country,
  };
}

/** Creates or replaces the one billing address of a customer. */
export async function saveBillingAddress(
  db: Db,
  customerId: number,
  address: BillingAddress,
  now: Date,
): Promise<void> {
  const values = { ...billingAddressColumns(address), updated_at: now.toISOString() };
  await db.kysely
    .insertInto('customer_billing_address')
    .values({ customer_id: customerId, ...values })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet(values))
    .execute();
}
