import type { emailRequestSchema, linkRequestSchema } from '@shop/shared/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/database.ts';
import { type CustomerRow, findCustomerByEmail, findCustomerById } from './customers.ts';
import { consumeLinkToken, invalidLink, issueLinkToken } from './link-tokens.ts';
import { customerMails } from './mails.ts';

/** Marks the account's address verified with the link mailed to it; the verified customer. */
export async function verifyEmail(ctx: AppContext, link: z.output<typeof linkRequestSchema>): Promise<CustomerRow> {
  const used = await consumeLinkToken(ctx.db, { purpose: 'verify_email', ...link, now: ctx.now() });
  const customer = used && (await findCustomerById(ctx.db, used.customerId));
  // A link to an address the account no longer has verifies nothing.
  if (!customer || customer.email !== used.email) throw invalidLink();
  await markVerified(ctx, customer.id);
  return { ...customer, is_email_verified: 1 };
}

/** The link reached the inbox, which proves the address. */
export async function markVerified(ctx: AppContext, customerId: number): Promise<void> {
  await ctx.db.kysely
    .updateTable('customer')
    .set({ is_email_verified: 1, updated_at: ctx.now().toISOString() })
    .where('id', '=', customerId)
    .execute();
}

/** The task that mails a fresh verification link to an unverified account's address (none for any other). */
export function resendVerification(
  ctx: AppContext,
  { email, locale }: z.output<typeof emailRequestSchema>,
): () => Promise<void> {
  return async () => {
    const customer = await findCustomerByEmail(ctx.db, email);
    if (!customer || customer.is_email_verified === 1) return;
    await inTransaction(ctx.db, async (tx) => {
      const token = await issueLinkToken(tx, {
        customerId: customer.id,
        purpose: 'verify_email',
        email,
        now: ctx.now(),
      });
      await customerMails.verification(ctx, tx, customer, token, locale);
    });
  };
}
