import type { changedProfileFields } from '@shop/shared/contract';
import type { AppContext } from '../../app-context.ts';
import type { CustomerRow } from './customers.ts';

type ProfileChanges = Omit<ReturnType<typeof changedProfileFields>, 'email'>;

/** An empty optional text clears the field. */
const orNull = (value: string) => (value === '' ? null : value);

/** Stores the changed profile fields (the address changes only through requestEmailChange); the updated row. */
export async function updateProfile(
  ctx: AppContext,
  customer: CustomerRow,
  changes: ProfileChanges,
): Promise<CustomerRow> {
  const columns = {
    ...(changes.displayName !== undefined && { display_name: orNull(changes.displayName) }),
    ...(changes.firstname !== undefined && { firstname: changes.firstname }),
    ...(changes.lastname !== undefined && { lastname: changes.lastname }),
    ...(changes.phone !== undefined && { phone: orNull(changes.phone) }),
    ...(changes.birthYear !== undefined && { birth_year: orNull(changes.birthYear) }),
    ...(changes.isSubscribedToNewsletter !== undefined && {
      is_subscribed_to_newsletter: changes.isSubscribedToNewsletter,
    }),
  };
  if (Object.keys(columns).length > 0) {
    await ctx.db.kysely
      .updateTable('customer')
      .set({ ...columns, updated_at: ctx.now().toISOString() })
      .where('id', '=', customer.id)
      .execute();
  }
  return { ...customer, ...columns };
}
