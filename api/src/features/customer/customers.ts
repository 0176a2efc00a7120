import type { Customer, Language } from '@shop/shared/contract';
import type { Selectable } from 'kysely';
import type { CustomerTable } from '../../db/customer-schema.ts';
import type { Db } from '../../db/database.ts';

export type CustomerRow = Selectable<CustomerTable>;

/** The row as the contract's Customer (docs/product-rules.md#data): null where nothing was given, flags as the API speaks them. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    displayName: row.display_name,
    phone: row.phone,
    birthYear: row.birth_year,
    languageNiveau: row.language_niveau,
    languageNiveauDetails: row.language_niveau_details,
    isSubscribedToNewsletter: row.is_subscribed_to_newsletter === 1 ? 1 : 0,
    isEmailVerified: row.is_email_verified === 1,
  };
}

export const customerLanguage = (row: Pick<CustomerRow, 'locale'>): Language =>
  row.locale === 'en' || row.locale === 'es' ? row.locale : 'de';

export function findCustomerByEmail(db: Db, email: string) {
  return db.kysely.selectFrom('customer').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findCustomerById(db: Db, id: number) {
  return db.kysely.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether an insert or update failed on a unique constraint (two requests racing for one address). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? '')
  );
}
