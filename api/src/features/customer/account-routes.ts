import {
  balancesSchema,
  billingAddressResultSchema,
  billingAddressSchema,
  changedProfileFields,
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
import { clientKey } from '../../rate-limit/client-key.ts';
import { limitedBy } from '../../rate-limit/route-limits.ts';
import { bearerToken, requireCustomer } from './authenticate.ts';
import { readBalances } from './balances.ts';
import { readBillingAddress, saveBillingAddress } from './billing-address.ts';
import { toCustomer } from './customers.ts';
import { requestEmailChange } from './email-change.ts';
import { mailboxKey } from './mailbox.ts';
import type { PasswordHasher } from './passwords.ts';
import { accountRateLimits } from './rate-limits.ts';
import { changePassword } from './password-change.ts';
import { updateProfile } from './profile.ts';
import { revokeSession } from './sessions.ts';

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
        const updated = await updateProfile(ctx, customer, changes);
        if (email !== undefined) await requestEmailChange(ctx, updated, email);
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
        const token = await changePassword(ctx, passwords, { customer, remember: session.remember }, request.body);
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
