import type { Language } from '@shop/shared/contract';
import type { AppContext } from '../../app-context.ts';
import { type MailKind, renderMail } from '../../mail/templates.ts';
import { type CustomerRow, customerLanguage } from './customers.ts';

/** The shop pages of docs/product-rules.md#screens that the links open; each link carries token and email. */
const linkPaths = {
  verifyEmail: '/verify-email',
  emailChange: '/verify-email-change',
  passwordReset: '/password-new',
  login: '/login',
  requestPasswordReset: '/password-reset',
} as const;

export function shopLink(ctx: AppContext, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${ctx.shopUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

async function send(ctx: AppContext, kind: MailKind, customer: CustomerRow, to: string, link: string, language?: Language, resetLink?: string) {
  await ctx.mailer.send(renderMail({ kind, language: language ?? customerLanguage(customer), to, name: customer.firstname, link, resetLink }));
}

/** The customer mails of docs/product-rules.md#account, in the customer's language (or the one the request named). */
export const customerMails = {
  verification: (ctx: AppContext, customer: CustomerRow, token: string, language?: Language) =>
    send(ctx, 'verifyEmail', customer, customer.email, shopLink(ctx, linkPaths.verifyEmail, { token, email: customer.email }), language),

  /** Goes to the new address: the change applies only once its owner confirms. */
  emailChange: (ctx: AppContext, customer: CustomerRow, newEmail: string, token: string) =>
    send(ctx, 'emailChange', customer, newEmail, shopLink(ctx, linkPaths.emailChange, { token, email: newEmail })),

  passwordReset: (ctx: AppContext, customer: CustomerRow, token: string, language?: Language) =>
    send(ctx, 'passwordReset', customer, customer.email, shopLink(ctx, linkPaths.passwordReset, { token, email: customer.email }), language),

  /** A notice, so that a change the customer did not make does not go unnoticed; links to the reset page. */
  passwordChanged: (ctx: AppContext, customer: CustomerRow) =>
    send(ctx, 'passwordChanged', customer, customer.email, shopLink(ctx, linkPaths.requestPasswordReset, { email: customer.email })),

  /**
   * A registration for an address that has an account: the owner learns of it and is pointed to login and the
   * password reset. Addressed with the account's own name, never the one the registration typed.
   */
  accountExists: (ctx: AppContext, customer: CustomerRow, language?: Language) =>
    send(
      ctx,
      'accountExists',
      customer,
      customer.email,
      shopLink(ctx, linkPaths.login),
      language,
      shopLink(ctx, linkPaths.requestPasswordReset, { email: customer.email }),
    ),
};
