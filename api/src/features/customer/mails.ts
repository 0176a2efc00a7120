import type { Language } from '@shop/shared/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { maskEmail } from '../../http/scrub.ts';
import { queueMail } from '../../mail/outbox.ts';
import { type MailKind, renderMail } from '../../mail/templates.ts';
import { type CustomerRow, customerLanguage } from './customers.ts';

/** The shop pages of docs/product-rules.md#screens that the links open; each link carries token and email. */
const linkPaths = {
  verifyEmail: '/verify-email',
  emailChange: '/verify-email-change',
  undoEmailChange: '/undo-email-change',
  passwordReset: '/password-new',
  login: '/login',
  loginLink: '/login-link',
  requestPasswordReset: '/password-reset',
} as const;

export function shopLink(ctx: AppContext, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${ctx.shopUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

async function send(
  ctx: AppContext,
  tx: Db,
  kind: MailKind,
  customer: CustomerRow,
  to: string,
  link: string,
  language?: Language,
  { resetLink, newEmail }: { resetLink?: string; newEmail?: string } = {},
) {
  await queueMail(
    tx,
    renderMail({
      kind,
      language: language ?? customerLanguage(customer),
      to,
      // By name only at the account's confirmed address: before that, the name is whatever a registration typed
      // for an address that may be someone else's (docs/product-rules.md#who-a-mail-greets-by-name).
      name: to === customer.email && customer.is_email_verified === 1 ? customer.firstname : undefined,
      link,
      resetLink,
      newEmail,
    }),
    { now: ctx.now() },
  );
}

/**
 * The customer mails, in the customer's language (or the one the request named). Each is queued in the outbox on
 * `tx`: pass the transaction of the change the mail tells about (the token it carries, the new password).
 */
export const customerMails = {
  /** `redirect`: the shop page the registration came from, where the customer goes on after verifying. */
  verification: (
    ctx: AppContext,
    tx: Db,
    customer: CustomerRow,
    token: string,
    language?: Language,
    redirect?: string,
  ) =>
    send(
      ctx,
      tx,
      'verifyEmail',
      customer,
      customer.email,
      shopLink(ctx, linkPaths.verifyEmail, { token, email: customer.email, ...(redirect ? { redirect } : {}) }),
      language,
    ),

  /** Goes to the new address: the change applies only once its owner confirms. */
  emailChange: (ctx: AppContext, tx: Db, customer: CustomerRow, newEmail: string, token: string) =>
    send(ctx, tx, 'emailChange', customer, newEmail, shopLink(ctx, linkPaths.emailChange, { token, email: newEmail })),

  passwordReset: (ctx: AppContext, tx: Db, customer: CustomerRow, token: string, language?: Language) =>
    send(
      ctx,
      tx,
      'passwordReset',
      customer,
      customer.email,
      shopLink(ctx, linkPaths.passwordReset, { token, email: customer.email }),
      language,
    ),

  /** A one-time login link (login-links.ts), in the language the request named. */
  loginLink: (ctx: AppContext, tx: Db, customer: CustomerRow, token: string, language?: Language) =>
    send(
      ctx,
      tx,
      'loginLink',
      customer,
      customer.email,
      shopLink(ctx, linkPaths.loginLink, { token, email: customer.email }),
      language,
    ),

  /** A notice, so that a change the customer did not make does not go unnoticed; links to the reset page. */
  passwordChanged: (ctx: AppContext, tx: Db, customer: CustomerRow) =>
    send(
      ctx,
      tx,
      'passwordChanged',
      customer,
      customer.email,
      shopLink(ctx, linkPaths.requestPasswordReset, { email: customer.email }),
    ),

  /**
   * A registration for an address that has an account: the owner learns of it and is pointed to login and the
   * password reset. Addressed with the account's own name (when its address is confirmed), never the one the
   * registration typed.
   */
  accountExists: (ctx: AppContext, tx: Db, customer: CustomerRow, language?: Language) =>
    send(ctx, tx, 'accountExists', customer, customer.email, shopLink(ctx, linkPaths.login), language, {
      resetLink: shopLink(ctx, linkPaths.requestPasswordReset, { email: customer.email }),
    }),

  /**
   * Goes to the address being replaced (customer.email) when a change is asked for: a stolen session must not
   * move the account away unnoticed. Its link is the reset page: a reset also voids the pending change
   * (docs/product-rules.md#e-mail-change). The new address appears masked only.
   */
  emailChangeRequested: (ctx: AppContext, tx: Db, customer: CustomerRow, newEmail: string) =>
    send(
      ctx,
      tx,
      'emailChangeRequested',
      customer,
      customer.email,
      shopLink(ctx, linkPaths.requestPasswordReset, { email: customer.email }),
      undefined,
      { newEmail: maskEmail(newEmail) },
    ),

  /**
   * Goes to the old address (customer.email, the row before the change) once the change is done. The account no
   * longer answers to that address, so its call to action is the link that takes the change back
   * (docs/decisions/0068-undo-an-email-change.md).
   */
  emailChanged: (ctx: AppContext, tx: Db, customer: CustomerRow, newEmail: string, undoToken: string) =>
    send(
      ctx,
      tx,
      'emailChanged',
      customer,
      customer.email,
      shopLink(ctx, linkPaths.undoEmailChange, { token: undoToken, email: customer.email }),
      undefined,
      { newEmail: maskEmail(newEmail) },
    ),

  /** Goes to the address an undone change restored (customer.email): no password works until a new one is set. */
  emailChangeUndone: (ctx: AppContext, tx: Db, customer: CustomerRow, resetToken: string) =>
    send(
      ctx,
      tx,
      'emailChangeUndone',
      customer,
      customer.email,
      shopLink(ctx, linkPaths.passwordReset, { token: resetToken, email: customer.email }),
    ),
};
