import {
  CustomerErrorCode,
  customerSchema,
  emailRequestSchema,
  linkRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  okSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  successEnvelope,
} from '@shop/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/errors.ts';
import { findCustomerByEmail, findCustomerById, isUniqueViolation, toCustomer } from './customers.ts';
import { consumeLinkToken, issueLinkToken } from './link-tokens.ts';
import { loginThrottle } from './login-throttle.ts';
import { customerMails } from './mails.ts';
import type { PasswordHasher } from './passwords.ts';
import { customerRateLimits, rateLimited } from './rate-limits.ts';
import { openSession, revokeAllSessions } from './sessions.ts';

const ok = { result: { success: true as const } };
const invalidLink = () => new AppError(400, CustomerErrorCode.invalidToken, 'The link is invalid or has expired');

/**
 * Work whose duration must not show in the answer (does this address have an account?): the answer goes out
 * at once, and a failure is only logged.
 */
function inBackground(log: FastifyBaseLogger, task: () => Promise<void>): void {
  void task().catch((error: unknown) => log.error({ err: error }, 'background mail task failed'));
}

/** The calls that need no token (spec §6): login, register, verification, resend and password reset. */
export const publicCustomerRoutes =
  (ctx: AppContext, passwords: PasswordHasher): FastifyPluginAsyncZod =>
  async (app) => {
    const throttle = loginThrottle(app);
    app.post(
      '/customer/login',
      {
        schema: { body: loginRequestSchema, response: { 200: successEnvelope(loginResponseSchema) } },
        preHandler: (request, reply) => throttle.admit(reply, request.body.email, request.ip),
      },
      async (request) => {
        const { email, password, remember } = request.body;
        const customer = await findCustomerByEmail(ctx.db, email);
        // Unknown address and wrong password: the same answer, after the same hashing work.
        if (!(await passwords.verify(customer?.password_hash ?? null, password)) || !customer) {
          throw new AppError(401, CustomerErrorCode.invalidCredentials, 'Invalid email or password');
        }
        await throttle.succeeded(email, request.ip);
        if (passwords.needsRehash(customer.password_hash)) {
          const password_hash = await passwords.hash(password);
          await ctx.db.kysely.updateTable('customer').set({ password_hash }).where('id', '=', customer.id).execute();
        }
        // An unverified customer may log in (and is then sent to the waiting page by the shop).
        return { result: { token: await openSession(ctx.db, customer.id, remember, ctx.now()) } };
      },
    );

    app.post(
      '/customer/register',
      {
        schema: { body: registerRequestSchema, response: { 200: successEnvelope(registerResponseSchema) } },
        preHandler: rateLimited(app, 'register', customerRateLimits.register),
      },
      async (request) => {
        const { firstname, lastname, email, password, locale } = request.body;
        const emailTaken = () =>
          new AppError(409, CustomerErrorCode.emailTaken, 'An account with this e-mail address exists', { email: 'email_taken' });
        if (await findCustomerByEmail(ctx.db, email)) throw emailTaken();
        const now = ctx.now().toISOString();
        const password_hash = await passwords.hash(password);
        let id: number;
        try {
          ({ id } = await ctx.db.kysely
            .insertInto('customer')
            .values({ email, password_hash, firstname, lastname, locale, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow());
        } catch (error) {
          if (isUniqueViolation(error)) throw emailTaken();
          throw error;
        }
        const customer = (await findCustomerById(ctx.db, id))!;
        const linkToken = await issueLinkToken(ctx.db, { customerId: id, purpose: 'verify_email', email, now: ctx.now() });
        await customerMails.verification(ctx, customer, linkToken);
        // Logged in at once (short session): the shop shows the waiting page until the address is confirmed.
        return { result: { token: await openSession(ctx.db, id, false, ctx.now()) } };
      },
    );

    app.post(
      '/customer/verify-email',
      { schema: { body: linkRequestSchema, response: { 200: successEnvelope(customerSchema) } } },
      async (request) => {
        const used = await consumeLinkToken(ctx.db, { purpose: 'verify_email', ...request.body, now: ctx.now() });
        const customer = used && (await findCustomerById(ctx.db, used.customerId));
        // A link to an address the account no longer has verifies nothing.
        if (!customer || customer.email !== used.email) throw invalidLink();
        await ctx.db.kysely
          .updateTable('customer')
          .set({ is_email_verified: 1, updated_at: ctx.now().toISOString() })
          .where('id', '=', customer.id)
          .execute();
        return { result: toCustomer({ ...customer, is_email_verified: 1 }) };
      },
    );

    app.post(
      '/customer/resend-verification',
      {
        schema: { body: emailRequestSchema, response: { 200: successEnvelope(okSchema) } },
        preHandler: rateLimited(app, 'resend', customerRateLimits.resendVerification),
      },
      async (request) => {
        const { email, locale } = request.body;
        inBackground(request.log, async () => {
          const customer = await findCustomerByEmail(ctx.db, email);
          if (!customer || customer.is_email_verified === 1) return;
          const token = await issueLinkToken(ctx.db, { customerId: customer.id, purpose: 'verify_email', email, now: ctx.now() });
          await customerMails.verification(ctx, customer, token, locale);
        });
        return ok;
      },
    );

    app.post(
      '/customer/verify-email-change',
      { schema: { body: linkRequestSchema, response: { 200: successEnvelope(customerSchema) } } },
      async (request) => {
        const used = await consumeLinkToken(ctx.db, { purpose: 'email_change', ...request.body, now: ctx.now() });
        const customer = used && (await findCustomerById(ctx.db, used.customerId));
        if (!customer) throw invalidLink();
        const taken = () => new AppError(409, CustomerErrorCode.emailTaken, 'Another account uses this e-mail address meanwhile');
        const owner = await findCustomerByEmail(ctx.db, used.email);
        if (owner && owner.id !== customer.id) throw taken();
        const updated = { email: used.email, is_email_verified: 1, updated_at: ctx.now().toISOString() };
        try {
          await ctx.db.kysely.updateTable('customer').set(updated).where('id', '=', customer.id).execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw taken();
          throw error;
        }
        return { result: toCustomer({ ...customer, ...updated }) };
      },
    );

    app.post(
      '/customer/request-password-reset',
      {
        schema: { body: emailRequestSchema, response: { 200: successEnvelope(okSchema) } },
        preHandler: rateLimited(app, 'reset', customerRateLimits.passwordReset),
      },
      async (request) => {
        const { email, locale } = request.body;
        inBackground(request.log, async () => {
          const customer = await findCustomerByEmail(ctx.db, email);
          if (!customer) return;
          const token = await issueLinkToken(ctx.db, { customerId: customer.id, purpose: 'password_reset', email, now: ctx.now() });
          await customerMails.passwordReset(ctx, customer, token, locale);
        });
        return ok;
      },
    );

    app.post(
      '/customer/reset-password',
      { schema: { body: resetPasswordRequestSchema, response: { 200: successEnvelope(okSchema) } } },
      async (request) => {
        const { token, email, newPassword } = request.body;
        const used = await consumeLinkToken(ctx.db, { purpose: 'password_reset', token, email, now: ctx.now() });
        const customer = used && (await findCustomerById(ctx.db, used.customerId));
        if (!customer || customer.email !== used.email) throw invalidLink();
        await ctx.db.kysely
          .updateTable('customer')
          // The link reached the inbox, which proves the address as well as a verification link would.
          .set({ password_hash: await passwords.hash(newPassword), is_email_verified: 1, updated_at: ctx.now().toISOString() })
          .where('id', '=', customer.id)
          .execute();
        await revokeAllSessions(ctx.db, customer.id);
        await customerMails.passwordChanged(ctx, customer);
        return ok;
      },
    );
  };
