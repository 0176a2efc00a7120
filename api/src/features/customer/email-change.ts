import type { linkRequestSchema } from '@shop/shared/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/database.ts';
import { type CustomerRow, findCustomerByEmail, findCustomerById, isUniqueViolation } from './customers.ts';
import { issueEmailUndoToken, undoEmailChange } from './email-undo.ts';
import { addressTaken, consumeLinkToken, invalidLink, issueLinkToken, voidAccountLinks } from './link-tokens.ts';
import { customerMails } from './mails.ts';
import { revokeOtherSessions } from './sessions.ts';

/**
 * Mails the link that applies a new address once confirmed. Whether another account has it is not said here (the
 * link goes to that address's owner, and confirming then fails). The current address hears of it too, with the
 * way to stop it (a password reset voids the link).
 */
export async function requestEmailChange(ctx: AppContext, customer: CustomerRow, email: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const token = await issueLinkToken(tx, { customerId: customer.id, purpose: 'email_change', email, now: ctx.now() });
    await customerMails.emailChange(ctx, tx, customer, email, token);
    await customerMails.emailChangeRequested(ctx, tx, customer, email);
  });
}

/**
 * Applies the new address with the link mailed to it; the updated customer. Whoever else holds a session of the
 * account is out; the browser that confirms (`keptSession`, when it sends its token) stays in. The old address
 * learns of the change with a way to undo it (docs/product-rules.md#e-mail-change).
 */
export async function confirmEmailChange(
  ctx: AppContext,
  link: z.output<typeof linkRequestSchema>,
  keptSession: string | null,
): Promise<CustomerRow> {
  const used = await consumeLinkToken(ctx.db, { purpose: 'email_change', ...link, now: ctx.now() });
  const customer = used && (await findCustomerById(ctx.db, used.customerId));
  if (!customer) throw invalidLink();
  const owner = await findCustomerByEmail(ctx.db, used.email);
  if (owner && owner.id !== customer.id) throw addressTaken();
  const updated = { email: used.email, is_email_verified: 1, updated_at: ctx.now().toISOString() };
  try {
    await inTransaction(ctx.db, async (tx) => {
      await tx.kysely.updateTable('customer').set(updated).where('id', '=', customer.id).execute();
      await revokeOtherSessions(tx, customer.id, keptSession);
      await voidAccountLinks(tx, customer.id);
      const undoToken = await issueEmailUndoToken(tx, {
        customerId: customer.id,
        formerEmail: customer.email,
        now: ctx.now(),
      });
      await customerMails.emailChanged(ctx, tx, customer, used.email, undoToken);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw addressTaken();
    throw error;
  }
  return { ...customer, ...updated };
}

/**
 * docs/decisions/0068-undo-an-email-change.md: the former address takes the account back; no password works until
 * its owner sets one with the reset link this mails there.
 */
export async function undoEmailChangeByLink(ctx: AppContext, link: z.output<typeof linkRequestSchema>): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const customer = await undoEmailChange(tx, { ...link, now: ctx.now() });
    const token = await issueLinkToken(tx, {
      customerId: customer.id,
      purpose: 'password_reset',
      email: customer.email,
      now: ctx.now(),
    });
    await customerMails.emailChangeUndone(ctx, tx, customer, token);
  });
}
