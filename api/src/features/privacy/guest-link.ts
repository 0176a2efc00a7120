import type { Language } from '@shop/shared/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/database.ts';
import { queueMail } from '../../mail/outbox.ts';
import { renderMail } from '../../mail/templates.ts';
import { invalidLink } from '../customer/link-tokens.ts';
import { shopLink } from '../customer/mails.ts';
import { hashToken, newToken } from '../customer/secrets.ts';
import { deletionPreview } from './erase.ts';
import { exportPersonalData } from './export.ts';
import type { Subject } from './subject.ts';

type GuestSubject = Extract<Subject, { kind: 'guest' }>;

/** How long a guest's link works. */
export const privacyLinkLifetimeMs = 24 * 60 * 60_000;

/** The page a guest's link opens. */
export const privacyLinkPath = '/privacy-request-confirm';

/**
 * Mails `email` a link to what the shop holds about it. Every address gets one, whether the shop knows it or not:
 * the answer and its timing tell nothing, and only the inbox learns what the shop holds.
 */
export async function mailGuestLink(ctx: AppContext, email: string, locale: Language): Promise<void> {
  const token = newToken();
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    await tx.kysely
      .insertInto('privacy_link')
      .values({
        token_hash: hashToken(token),
        email,
        locale,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + privacyLinkLifetimeMs).toISOString(),
      })
      .execute();
    const link = shopLink(ctx, privacyLinkPath, { token });
    await queueMail(tx, renderMail({ kind: 'privacyLink', language: locale, to: email, link }), {
      now,
      eraseAfterSend: true,
    });
  });
}

/** The address a live guest link proves, and the language it was asked in; 400 for a link that is not live. */
export async function provenAddress(
  ctx: AppContext,
  token: string,
): Promise<{ subject: GuestSubject; locale: string }> {
  const link = await ctx.db.kysely
    .selectFrom('privacy_link')
    .select(['email', 'locale'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', ctx.now().toISOString())
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (!link) throw invalidLink();
  return { subject: { kind: 'guest', email: link.email }, locale: link.locale };
}

/** What a guest's link page shows: what a deletion would keep or meet, whether an account or any data exists. */
export async function guestOverview(ctx: AppContext, subject: GuestSubject) {
  const db = ctx.db.kysely;
  const preview = await deletionPreview(db, subject, ctx.now());
  const account = await db.selectFrom('customer').select('id').where('email', '=', subject.email).executeTakeFirst();
  const data = await exportPersonalData(db, subject, ctx.now());
  const holdsData =
    data.orders.length + data.participations.length + data.waitlist.length + data.withdrawals.length > 0 ||
    data.discountCodeUses.length > 0 ||
    (!account && data.mails.length > 0);
  return { ...preview, email: subject.email, accountExists: account !== undefined, holdsData };
}
