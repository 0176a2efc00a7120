import { WithdrawalErrorCode } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { hashToken, newToken } from '../customer/secrets.ts';

/**
 * How long the confirmation link of a declaration works (docs/withdrawal-rules.md): long enough for somebody who
 * reads their mail once a week, short enough that a forgotten mail does not stay a loaded key. The period is judged
 * on the declaration's receipt time whenever the link is opened; an expired link leaves the declaration to the school.
 */
export const withdrawalConfirmationMs = 7 * 24 * 60 * 60 * 1000;

/** The path of the page that opens the link (mf-account's /withdrawal-confirm). */
export const withdrawalConfirmPath = '/withdrawal-confirm';

/**
 * Issues the single-use link token of a stored declaration: 256 random bits, only its hash stored
 * (customer/secrets.ts), in the transaction that queues the receipt carrying it.
 */
export async function issueConfirmation(
  trx: Kysely<Database>,
  declarationId: number,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + withdrawalConfirmationMs).toISOString();
  await trx
    .insertInto('withdrawal_confirmation')
    .values({
      withdrawal_id: declarationId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      confirmed_at: null,
    })
    .execute();
  return { token, expiresAt };
}

const refused = (status: number, code: string, reason: string, message: string) =>
  new AppError(status, code, message, { token: reason });

/**
 * Uses up a confirmation link in the caller's transaction and returns the declaration it confirms. Marking it used
 * is one conditional UPDATE, so two clicks racing each other cannot both act. Refuses an unknown token (400), a used
 * one (409) and an expired one (410), each with the reason on the field `token`.
 */
export async function claimConfirmation(trx: Kysely<Database>, token: string, now: Date) {
  const row = await trx
    .selectFrom('withdrawal_confirmation')
    .innerJoin('withdrawal_declaration', 'withdrawal_declaration.id', 'withdrawal_confirmation.withdrawal_id')
    .select([
      'withdrawal_confirmation.id as confirmationId',
      'withdrawal_confirmation.expires_at',
      'withdrawal_confirmation.confirmed_at',
      'withdrawal_declaration.id',
      'withdrawal_declaration.received_at',
      'withdrawal_declaration.name',
      'withdrawal_declaration.order_number',
      'withdrawal_declaration.email',
      'withdrawal_declaration.positions',
      'withdrawal_declaration.locale',
    ])
    .where('withdrawal_confirmation.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw refused(400, WithdrawalErrorCode.linkInvalid, 'invalid', 'The confirmation link is not valid');
  const used = () => refused(409, WithdrawalErrorCode.linkUsed, 'used', 'The confirmation link was used already');
  if (row.confirmed_at !== null) throw used();
  if (row.expires_at <= now.toISOString())
    throw refused(410, WithdrawalErrorCode.linkExpired, 'expired', 'The confirmation link has expired');
  const claimed = await trx
    .updateTable('withdrawal_confirmation')
    .set({ confirmed_at: now.toISOString() })
    .where('id', '=', row.confirmationId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) throw used();
  return row;
}
