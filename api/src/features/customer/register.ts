import type { registerRequestSchema } from '@shop/shared/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/database.ts';
import { findCustomerByEmail, findCustomerById, isUniqueViolation } from './customers.ts';
import { issueLinkToken } from './link-tokens.ts';
import { customerMails } from './mails.ts';
import type { PasswordHasher } from './passwords.ts';

/**
 * Registers an address, or not when it has an account, with the same hashing work either way; the mail (verify
 * link or "you have an account") is the returned task, run after the answer, so that the form tells nobody whether
 * an address has an account; only its inbox learns which it was (docs/decisions/0005-hostile-input.md).
 */
export async function registerCustomer(
  ctx: AppContext,
  passwords: PasswordHasher,
  { firstname, lastname, email, password, locale, redirect }: z.output<typeof registerRequestSchema>,
): Promise<() => Promise<void>> {
  const existing = await findCustomerByEmail(ctx.db, email);
  const password_hash = await passwords.hash(password);
  const createdId = existing ? null : await insertCustomer(ctx, { email, password_hash, firstname, lastname, locale });
  return async () => {
    if (createdId !== null) {
      const customer = (await findCustomerById(ctx.db, createdId))!;
      await inTransaction(ctx.db, async (tx) => {
        const linkToken = await issueLinkToken(tx, {
          customerId: createdId,
          purpose: 'verify_email',
          email,
          now: ctx.now(),
        });
        await customerMails.verification(ctx, tx, customer, linkToken, undefined, redirect);
      });
      return;
    }
    // Registered meanwhile by a parallel request counts as existing too.
    const owner = existing ?? (await findCustomerByEmail(ctx.db, email));
    if (owner) await customerMails.accountExists(ctx, ctx.db, owner, locale);
  };
}

/** A new customer's id, or null when a parallel registration took the address first. */
async function insertCustomer(
  ctx: AppContext,
  values: { email: string; password_hash: string; firstname: string; lastname: string; locale: string },
): Promise<number | null> {
  const now = ctx.now().toISOString();
  try {
    const { id } = await ctx.db.kysely
      .insertInto('customer')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
