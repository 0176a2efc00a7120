import type { emailRequestSchema, resetPasswordRequestSchema } from '@shop/shared/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/database.ts';
import { mailToAccountTask } from './background.ts';
import { type CustomerRow, findCustomerById } from './customers.ts';
import { consumeLinkToken, invalidLink, issueLinkToken, voidAccountLinks } from './link-tokens.ts';
import { customerMails } from './mails.ts';
import type { PasswordHasher } from './passwords.ts';
import { revokeAllSessions } from './sessions.ts';

/** The task that mails a reset link to the address's account (none when it has none). */
export function requestPasswordReset(
  ctx: AppContext,
  { email, locale }: z.output<typeof emailRequestSchema>,
): () => Promise<void> {
  return mailToAccountTask(ctx, email, async (tx, customer) => {
    const token = await issueLinkToken(tx, {
      customerId: customer.id,
      purpose: 'password_reset',
      email,
      now: ctx.now(),
    });
    await customerMails.passwordReset(ctx, tx, customer, token, locale);
  });
}

/**
 * Sets a new password with the reset link; the customer. Every session ends; a pending e-mail change (maybe a
 * session thief's) and other links die with the old password (docs/product-rules.md#e-mail-change).
 */
export async function resetPassword(
  ctx: AppContext,
  passwords: PasswordHasher,
  { token, email, newPassword }: z.output<typeof resetPasswordRequestSchema>,
): Promise<CustomerRow> {
  const used = await consumeLinkToken(ctx.db, { purpose: 'password_reset', token, email, now: ctx.now() });
  const customer = used && (await findCustomerById(ctx.db, used.customerId));
  if (!customer || customer.email !== used.email) throw invalidLink();
  const password_hash = await passwords.hash(newPassword);
  await inTransaction(ctx.db, async (tx) => {
    await tx.kysely
      .updateTable('customer')
      // The link reached the inbox, which proves the address as well as a verification link would.
      .set({ password_hash, is_email_verified: 1, updated_at: ctx.now().toISOString() })
      .where('id', '=', customer.id)
      .execute();
    await revokeAllSessions(tx, customer.id);
    await voidAccountLinks(tx, customer.id);
    await customerMails.passwordChanged(ctx, tx, customer);
  });
  return customer;
}
