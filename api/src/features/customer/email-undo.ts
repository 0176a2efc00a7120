import type { Db } from '../../db/database.ts';
import { findCustomerByEmail, findCustomerById, isUniqueViolation, type CustomerRow } from './customers.ts';
import { addressTaken, invalidLink, voidAccountLinks } from './link-tokens.ts';
import { disabledPasswordHash } from './passwords.ts';
import { hashToken, newToken } from './secrets.ts';
import { revokeAllSessions } from './sessions.ts';

/**
 * How long the former address may take an e-mail change back: long enough for an owner who reads mail only now and
 * then (docs/decisions/0068-undo-an-email-change.md).
 */
export const emailUndoLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Issues the link that takes a just-completed e-mail change back to `formerEmail`. It replaces nothing: when a
 * session thief moves the account twice, the second change's link goes to the thief's first address, and must not
 * void the owner's.
 */
export async function issueEmailUndoToken(
  db: Db,
  { customerId, formerEmail, now }: { customerId: number; formerEmail: string; now: Date },
): Promise<string> {
  const token = newToken();
  await db.kysely
    .insertInto('customer_email_undo')
    .values({
      customer_id: customerId,
      token_hash: hashToken(token),
      email: formerEmail,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + emailUndoLifetimeMs).toISOString(),
    })
    .execute();
  return token;
}

/**
 * Takes the account back to the former address the link was sent to, in `tx`: the address (verified: the link
 * reached it), every session ended, every open link voided, and the password disabled, since whoever made the change
 * may have set one through the new address. The links of changes made after this one's go too (they lead to
 * addresses the owner left); older ones stay. Returns the customer as restored, for the reset mail.
 */
export async function undoEmailChange(
  tx: Db,
  { token, email, now }: { token: string; email: string; now: Date },
): Promise<CustomerRow> {
  const link = await tx.kysely
    .selectFrom('customer_email_undo')
    .select(['id', 'customer_id'])
    .where('token_hash', '=', hashToken(token))
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  const customer = link && (await findCustomerById(tx, link.customer_id));
  if (!link || !customer) throw invalidLink();
  const holder = await findCustomerByEmail(tx, email);
  if (holder && holder.id !== customer.id) throw addressTaken();

  const used = await tx.kysely
    .updateTable('customer_email_undo')
    .set({ used_at: now.toISOString() })
    .where('id', '=', link.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw invalidLink();
  await tx.kysely
    .deleteFrom('customer_email_undo')
    .where('customer_id', '=', customer.id)
    .where('used_at', 'is', null)
    .where('id', '>', link.id)
    .execute();
  const restored = {
    email,
    is_email_verified: 1,
    password_hash: disabledPasswordHash,
    updated_at: now.toISOString(),
  };
  try {
    await tx.kysely.updateTable('customer').set(restored).where('id', '=', customer.id).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw addressTaken();
    throw error;
  }
  await revokeAllSessions(tx, customer.id);
  await voidAccountLinks(tx, customer.id);
  return { ...customer, ...restored };
}
