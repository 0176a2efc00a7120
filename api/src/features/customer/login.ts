import { CustomerErrorCode, type emailRequestSchema, type linkLoginRequestSchema } from '@shop/shared/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/errors.ts';
import { mailToAccountTask } from './background.ts';
import { type CustomerRow, findCustomerByEmail, findCustomerById } from './customers.ts';
import { invalidLink } from './link-tokens.ts';
import { consumeLoginLink, issueLoginLink } from './login-links.ts';
import { customerMails } from './mails.ts';
import type { PasswordHasher } from './passwords.ts';
import { markVerified } from './verify-email.ts';

/**
 * The account of `email` when `password` is its password. Unknown address and wrong password: the same answer,
 * after the same hashing work. An unverified customer may log in (and is then sent to the waiting page by the shop).
 */
export async function checkPassword(
  ctx: AppContext,
  passwords: PasswordHasher,
  email: string,
  password: string,
): Promise<CustomerRow> {
  const customer = await findCustomerByEmail(ctx.db, email);
  if (!(await passwords.verify(customer?.password_hash ?? null, password)) || !customer) {
    throw new AppError(401, CustomerErrorCode.invalidCredentials, 'Invalid email or password');
  }
  return customer;
}

/** Stores the password's hash anew when the hasher's settings have changed since it was made. */
export async function rehashIfDue(ctx: AppContext, passwords: PasswordHasher, customer: CustomerRow, password: string) {
  if (!passwords.needsRehash(customer.password_hash)) return;
  const password_hash = await passwords.hash(password);
  await ctx.db.kysely.updateTable('customer').set({ password_hash }).where('id', '=', customer.id).execute();
}

/** The task that mails a login link to the address's account (none when it has none). */
export function requestLoginLink(
  ctx: AppContext,
  { email, locale }: z.output<typeof emailRequestSchema>,
): () => Promise<void> {
  return mailToAccountTask(ctx, email, async (tx, customer) => {
    const token = await issueLoginLink(tx, { customerId: customer.id, email, now: ctx.now() });
    await customerMails.loginLink(ctx, tx, customer, token, locale);
  });
}

/** The account a login link opens; the link reached the inbox, which proves the address. */
export async function useLoginLink(
  ctx: AppContext,
  { token, email }: Pick<z.output<typeof linkLoginRequestSchema>, 'token' | 'email'>,
): Promise<CustomerRow> {
  const used = await consumeLoginLink(ctx.db, { token, email, now: ctx.now() });
  const customer = used && (await findCustomerById(ctx.db, used.customerId));
  // A link to an address the account no longer has logs nobody in.
  if (!customer || customer.email !== used.email) throw invalidLink();
  if (customer.is_email_verified !== 1) await markVerified(ctx, customer.id);
  return customer;
}
