import { CustomerErrorCode, type updatePasswordRequestSchema } from '@shop/shared/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { CustomerRow } from './customers.ts';
import { voidAccountLinks } from './link-tokens.ts';
import { customerMails } from './mails.ts';
import type { PasswordHasher } from './passwords.ts';
import { openSession, revokeAllSessions } from './sessions.ts';

/**
 * Replaces the password when the current one is right; the token of the session that continues. Every session
 * ends, this one too; it continues under a fresh token with the same lifetime (`remember`). Open e-mail-change and
 * reset links die as well (docs/product-rules.md#e-mail-change).
 */
export async function changePassword(
  ctx: AppContext,
  passwords: PasswordHasher,
  { customer, remember }: { customer: CustomerRow; remember: boolean },
  { currentPassword, newPassword }: z.output<typeof updatePasswordRequestSchema>,
): Promise<string> {
  if (!(await passwords.verify(customer.password_hash, currentPassword))) {
    throw new AppError(400, CustomerErrorCode.wrongPassword, 'The current password is wrong', {
      currentPassword: 'wrong_password',
    });
  }
  const password_hash = await passwords.hash(newPassword);
  return inTransaction(ctx.db, async (tx) => {
    await tx.kysely
      .updateTable('customer')
      .set({ password_hash, updated_at: ctx.now().toISOString() })
      .where('id', '=', customer.id)
      .execute();
    await revokeAllSessions(tx, customer.id);
    await voidAccountLinks(tx, customer.id);
    const fresh = await openSession(tx, customer.id, remember, ctx.now());
    await customerMails.passwordChanged(ctx, tx, customer);
    return fresh;
  });
}
