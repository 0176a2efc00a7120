import {
  balancesSchema,
  billingAddressResultSchema,
  billingAddressSchema,
  changedProfileFields,
  CustomerErrorCode,
  customerSchema,
  okSchema,
  profileUpdateRequestSchema,
  profileUpdateResponseSchema,
  successEnvelope,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { clientKey } from '../../rate-limit/client-key.ts';
import { limitedBy } from '../../rate-limit/route-limits.ts';
import { bearerToken, requireCustomer } from './authenticate.ts';
import { readBalances } from './balances.ts';
import { readBillingAddress, saveBillingAddress } from './billing-address.ts';
import { toCustomer } from './customers.ts';
import { issueLinkToken, voidAccountLinks } from './link-tokens.ts';
import { mailboxKey } from './mailbox.ts';
import { customerMails } from './mails.ts';
import type { PasswordHasher } from './passwords.ts';
import { accountRateLimits } from './rate-limits.ts';
import { openSession, revokeAllSessions, revokeSession } from './sessions.ts';

/** An empty optional text clears the field. */
const orNull = (value: string) => (value === '' ? null : value);

/** The calls with a bearer token (docs/product-rules.md#api-calls): each acts on the token's customer only. */
export const accountRoutes =
  (ctx: AppContext, passwords: PasswordHasher): FastifyPluginAsyncZod =>
  async (app) => {
    const emailChangesPerClient = limitedBy(app, 'email-change:client', accountRateLimits.emailChange.perClient);
    const emailChangesPerCustomer = limitedBy(app, 'email-change:customer', accountRateLimits.emailChange.perCustomer);
    const emailChangesPerNewAddress = limitedBy(
      app,
      'email-change:address',
      accountRateLimits.emailChange.perNewAddress,
    );
    const passwordChecksPerCustomer = limitedBy(
      app,
      'password-change:customer',
      accountRateLimits.passwordChange.perCustomer,
    );

    app.get(
      '/customer/me',
      { config: { bearer: 'unverified' }, schema: { response: { 200: successEnvelope(customerSchema) } } },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request, { allowUnverified: true });
        return { result: toCustomer(customer) };
      },
    );

    app.post('/customer/logout', { schema: { response: { 200: successEnvelope(okSchema) } } }, async (request) => {
      // Idempotent: an unknown or already revoked token is logged out as well.
      const token = bearerToken(request);
      if (token) await revokeSession(ctx.db, token);
      return { result: { success: true as const } };
    });

    app.put(
      '/customer/me/update',
      {
        config: { bearer: 'verified' },
        schema: { body: profileUpdateRequestSchema, response: { 200: successEnvelope(profileUpdateResponseSchema) } },
      },
      async (request, reply) => {
        const { customer } = await requireCustomer(ctx, request);
        const { email, ...changes } = changedProfileFields(toCustomer(customer), request.body);
        // A new address is mailed: counted first, so a refused request changes nothing at all. The address last,
        // so that a client or customer over its own limit uses up nothing of the address's.
        if (email !== undefined) {
          await emailChangesPerClient(reply, clientKey(request.ip));
          await emailChangesPerCustomer(reply, customer.id);
          await emailChangesPerNewAddress(reply, mailboxKey(email));
        }
        const columns = {
          ...(changes.displayName !== undefined && { display_name: orNull(changes.displayName) }),
          ...(changes.firstname !== undefined && { firstname: changes.firstname }),
          ...(changes.lastname !== undefined && { lastname: changes.lastname }),
          ...(changes.phone !== undefined && { phone: orNull(changes.phone) }),
          ...(changes.birthYear !== undefined && { birth_year: orNull(changes.birthYear) }),
          ...(changes.isSubscribedToNewsletter !== undefined && {
            is_subscribed_to_newsletter: changes.isSubscribedToNewsletter,
          }),
        };
        if (Object.keys(columns).length > 0) {
          await ctx.db.kysely
            .updateTable('customer')
            .set({ ...columns, updated_at: ctx.now().toISOString() })
            .where('id', '=', customer.id)
            .execute();
        }
        // A new address applies only once confirmed through the link sent to it. Whether another account has it
        // is not said here (the link goes to that address's owner, and confirming then fails).
        if (email !== undefined) {
          await inTransaction(ctx.db, async (tx) => {
            const token = await issueLinkToken(tx, {
              customerId: customer.id,
              purpose: 'email_change',
              email,
              now: ctx.now(),
            });
            await customerMails.emailChange(ctx, tx, { ...customer, ...columns }, email, token);
            // The current address hears of it too, with the way to stop it (a password reset voids the link).
            await customerMails.emailChangeRequested(ctx, tx, { ...customer, ...columns }, email);
          });
        }
        return { result: { emailChangeRequested: email !== undefined } };
      },
    );

    app.put(
      '/customer/me/update-password',
      {
        config: { bearer: 'verified' },
        schema: { body: updatePasswordRequestSchema, response: { 200: successEnvelope(updatePasswordResponseSchema) } },
      },
      async (request, reply) => {
        const { customer, session } = await requireCustomer(ctx, request);
        // Each check of the current password costs a full argon2 hash: counted before it is made.
        await passwordChecksPerCustomer(reply, customer.id);
        const { currentPassword, newPassword } = request.body;
        if (!(await passwords.verify(customer.password_hash, currentPassword))) {
          throw new AppError(400, CustomerErrorCode.wrongPassword, 'The current password is wrong', {
            currentPassword: 'wrong_password',
          });
        }
        const password_hash = await passwords.hash(newPassword);
        const token = await inTransaction(ctx.db, async (tx) => {
          await tx.kysely
            .updateTable('customer')
            .set({ password_hash, updated_at: ctx.now().toISOString() })
            .where('id', '=', customer.id)
            .execute();
          // Every session ends, this one too; it continues under a fresh token with the same lifetime. Open
          // e-mail-change and reset links die as well (docs/product-rules.md#e-mail-change).
          await revokeAllSessions(tx, customer.id);
          await voidAccountLinks(tx, customer.id);
          const fresh = await openSession(tx, customer.id, session.remember, ctx.now());
          await customerMails.passwordChanged(ctx, tx, customer);
          return fresh;
        });
        return { result: { token } };
      },
    );

    app.get(
      '/customer/me/billing-address',
      { config: { bearer: 'verified' }, schema: { response: { 200: successEnvelope(billingAddressResultSchema) } } },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request);
        return { result: await readBillingAddress(ctx.db, customer.id) };
      },
    );

    app.post(
      '/customer/me/billing-address',
      {
        config: { bearer: 'verified' },
        schema: { body: billingAddressSchema, response: { 200: successEnvelope(billingAddressSchema) } },
      },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request);
        await saveBillingAddress(ctx.db, customer.id, request.body, ctx.now());
        return { result: request.body };
      },
    );

    app.get(
      '/customer/me/balances',
      { config: { bearer: 'verified' }, schema: { response: { 200: successEnvelope(balancesSchema) } } },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request);
        return { result: await readBalances(ctx.db.kysely, customer.id, ctx.now()) };
      },
    );
  };
