import {
  CustomerErrorCode,
  customerSchema,
  emailRequestSchema,
  linkLoginRequestSchema,
  linkRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  okSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  successEnvelope,
} from '@shop/shared/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { bearerToken } from './authenticate.ts';
import { findCustomerByEmail, findCustomerById, isUniqueViolation, toCustomer } from './customers.ts';
import { issueEmailUndoToken, undoEmailChange } from './email-undo.ts';
import { addressTaken, consumeLinkToken, invalidLink, issueLinkToken, voidAccountLinks } from './link-tokens.ts';
import { rememberDevice, deviceTokensOf, trustedDevice } from './devices.ts';
import { consumeLoginLink, issueLoginLink, loginLinkMailIntervalMs } from './login-links.ts';
import { loginThrottle } from './login-throttle.ts';
import { mailboxKey } from './mailbox.ts';
import { customerMails } from './mails.ts';
import type { PasswordHasher } from './passwords.ts';
import { customerRateLimits, rateLimited, rateLimitedPerMailbox } from './rate-limits.ts';
import { openSession, revokeAllSessions, revokeOtherSessions } from './sessions.ts';

const ok = { result: { success: true as const } };

/** The background tasks still running (inBackground). */
const backgroundTasks = new Set<Promise<void>>();

/**
 * Work whose duration must not show in the answer (does this address have an account?): the answer goes out
 * at once, and a failure is only logged.
 */
function inBackground(log: FastifyBaseLogger, task: () => Promise<void>): void {
  const running: Promise<void> = task()
    .catch((error: unknown) => log.error({ err: error }, 'background mail task failed'))
    .finally(() => backgroundTasks.delete(running));
  backgroundTasks.add(running);
}

/**
 * Resolves once the background work of the answers given so far is done. For callers in the same process (the
 * hostile-input probe's test): the work starts with a password hash, long before its first write, so waiting for
 * the tables to stay unchanged for a moment does not tell that it is over.
 */
export async function backgroundTasksDone(): Promise<void> {
  while (backgroundTasks.size > 0) await Promise.all(backgroundTasks);
}

/** A new customer's id, or null when a parallel registration took the address first. */
async function insertCustomer(
  ctx: AppContext,
  values: { email: string; password_hash: string; firstname: string; lastname: string; locale: string },
): Promise<number | null> {
  const now = ctx.now().toISOString();
  try {
    const { id } = await ctx.db.kysely
      .insertInto('customer')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * The calls that need no token (docs/product-rules.md#roles): login, register, verification, resend, password reset
 * and the login link.
 */
export const publicCustomerRoutes =
  (ctx: AppContext, passwords: PasswordHasher): FastifyPluginAsyncZod =>
  async (app) => {
    const throttle = loginThrottle(app);
    // The device cookie is Secure where the shop is served over https (always in production).
    const secureCookies = ctx.shopUrl.startsWith('https:');
    const rememberThisDevice = (request: FastifyRequest, reply: FastifyReply, customerId: number) =>
      rememberDevice(ctx.db, reply, { request, customerId, now: ctx.now(), secure: secureCookies });
    app.post(
      '/customer/login',
      { schema: { body: loginRequestSchema, response: { 200: successEnvelope(loginResponseSchema) } } },
      async (request, reply) => {
        const { email, password, remember } = request.body;
        // A browser that has logged in to this account before is judged by its own counter (login-throttle.ts).
        // Either way the attempt is counted before the account is looked up (without a device cookie) and before
        // any hashing.
        const device = await trustedDevice(ctx.db, { email }, deviceTokensOf(request), ctx.now());
        await throttle.admit(reply, email, request.ip, device);
        const customer = await findCustomerByEmail(ctx.db, email);
        // Unknown address and wrong password: the same answer, after the same hashing work.
        if (!(await passwords.verify(customer?.password_hash ?? null, password)) || !customer) {
          throw new AppError(401, CustomerErrorCode.invalidCredentials, 'Invalid email or password');
        }
        await throttle.succeeded(email, request.ip, device);
        await rememberThisDevice(request, reply, customer.id);
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
        preHandler: rateLimitedPerMailbox(app, 'register', customerRateLimits.register),
      },
      async (request) => {
        const { firstname, lastname, email, password, locale, redirect } = request.body;
        // One answer for a new and for an existing address (same status, same empty body, the same hashing work),
        // so the form tells nobody whether an address has an account; only its inbox learns which it was. No
        // token either way: the customer logs in after confirming (docs/decisions/0005-hostile-input.md).
        const existing = await findCustomerByEmail(ctx.db, email);
        const password_hash = await passwords.hash(password);
        const createdId = existing
          ? null
          : await insertCustomer(ctx, { email, password_hash, firstname, lastname, locale });
        inBackground(request.log, async () => {
          if (createdId !== null) {
            const customer = (await findCustomerById(ctx.db, createdId))!;
            await inTransaction(ctx.db, async (tx) => {
              const linkToken = await issueLinkToken(tx, {
                customerId: createdId,
                purpose: 'verify_email',
                email,
                now: ctx.now(),
              });
              await customerMails.verification(ctx, tx, customer, linkToken, undefined, redirect);
            });
            return;
          }
          // Registered meanwhile by a parallel request counts as existing too.
          const owner = existing ?? (await findCustomerByEmail(ctx.db, email));
          if (owner) await customerMails.accountExists(ctx, ctx.db, owner, locale);
        });
        return { result: {} };
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
        preHandler: rateLimitedPerMailbox(app, 'resend', customerRateLimits.resendVerification),
      },
      async (request) => {
        const { email, locale } = request.body;
        inBackground(request.log, async () => {
          const customer = await findCustomerByEmail(ctx.db, email);
          if (!customer || customer.is_email_verified === 1) return;
          await inTransaction(ctx.db, async (tx) => {
            const token = await issueLinkToken(tx, {
              customerId: customer.id,
              purpose: 'verify_email',
              email,
              now: ctx.now(),
            });
            await customerMails.verification(ctx, tx, customer, token, locale);
          });
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
        const owner = await findCustomerByEmail(ctx.db, used.email);
        if (owner && owner.id !== customer.id) throw addressTaken();
        const updated = { email: used.email, is_email_verified: 1, updated_at: ctx.now().toISOString() };
        try {
          await inTransaction(ctx.db, async (tx) => {
            await tx.kysely.updateTable('customer').set(updated).where('id', '=', customer.id).execute();
            // Whoever else holds a session of the account is out; the browser that confirms (when it sends its
            // token) stays in. The old address learns of the change (docs/product-rules.md#e-mail-change).
            await revokeOtherSessions(tx, customer.id, bearerToken(request));
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
        return { result: toCustomer({ ...customer, ...updated }) };
      },
    );

    app.post(
      '/customer/undo-email-change',
      { schema: { body: linkRequestSchema, response: { 200: successEnvelope(okSchema) } } },
      async (request) => {
        // docs/decisions/0068-undo-an-email-change.md: the former address takes the account back; no password
        // works until its owner sets one with the reset link this mails there.
        await inTransaction(ctx.db, async (tx) => {
          const customer = await undoEmailChange(tx, { ...request.body, now: ctx.now() });
          const token = await issueLinkToken(tx, {
            customerId: customer.id,
            purpose: 'password_reset',
            email: customer.email,
            now: ctx.now(),
          });
          await customerMails.emailChangeUndone(ctx, tx, customer, token);
        });
        return ok;
      },
    );

    app.post(
      '/customer/request-password-reset',
      {
        schema: { body: emailRequestSchema, response: { 200: successEnvelope(okSchema) } },
        preHandler: rateLimitedPerMailbox(app, 'reset', customerRateLimits.passwordReset),
      },
      async (request) => {
        const { email, locale } = request.body;
        inBackground(request.log, async () => {
          const customer = await findCustomerByEmail(ctx.db, email);
          if (!customer) return;
          await inTransaction(ctx.db, async (tx) => {
            const token = await issueLinkToken(tx, {
              customerId: customer.id,
              purpose: 'password_reset',
              email,
              now: ctx.now(),
            });
            await customerMails.passwordReset(ctx, tx, customer, token, locale);
          });
        });
        return ok;
      },
    );

    app.post(
      '/customer/reset-password',
      { schema: { body: resetPasswordRequestSchema, response: { 200: successEnvelope(okSchema) } } },
      async (request, reply) => {
        const { token, email, newPassword } = request.body;
        const used = await consumeLinkToken(ctx.db, { purpose: 'password_reset', token, email, now: ctx.now() });
        const customer = used && (await findCustomerById(ctx.db, used.customerId));
        if (!customer || customer.email !== used.email) throw invalidLink();
        const password_hash = await passwords.hash(newPassword);
        await inTransaction(ctx.db, async (tx) => {
          await tx.kysely
            .updateTable('customer')
            // The link reached the inbox, which proves the address as well as a verification link would.
            .set({ password_hash, is_email_verified: 1, updated_at: ctx.now().toISOString() })
            .where('id', '=', customer.id)
            .execute();
          await revokeAllSessions(tx, customer.id);
          // A pending e-mail change (maybe a session thief's) and other reset links die with the old password
          // (docs/product-rules.md#e-mail-change).
          await voidAccountLinks(tx, customer.id);
          await customerMails.passwordChanged(ctx, tx, customer);
        });
        await throttle.passwordReplaced(customer.email, request.ip);
        // The inbox is proven: this browser is known to the account from now on, whatever strangers try.
        await rememberThisDevice(request, reply, customer.id);
        return ok;
      },
    );

    // docs/decisions/0086-no-lockout-of-the-owner.md: a way in that nobody guessing at the password can block.
    const loginLinkMails = app.rateLimits.counter('login-link:mailbox', {
      max: 1,
      timeWindowMs: loginLinkMailIntervalMs,
    });
    app.post(
      '/customer/request-login-link',
      {
        schema: { body: emailRequestSchema, response: { 200: successEnvelope(okSchema) } },
        preHandler: rateLimited(app, 'login-link', customerRateLimits.loginLink),
      },
      async (request) => {
        const { email, locale } = request.body;
        // Counted for every address, known or not, and answered alike: the answer tells nothing about the address.
        const due = (await loginLinkMails.take(mailboxKey(email))).allowed;
        if (due)
          inBackground(request.log, async () => {
            const customer = await findCustomerByEmail(ctx.db, email);
            if (!customer) return;
            await inTransaction(ctx.db, async (tx) => {
              const token = await issueLoginLink(tx, { customerId: customer.id, email, now: ctx.now() });
              await customerMails.loginLink(ctx, tx, customer, token, locale);
            });
          });
        return ok;
      },
    );

    app.post(
      '/customer/login-link',
      { schema: { body: linkLoginRequestSchema, response: { 200: successEnvelope(loginResponseSchema) } } },
      async (request, reply) => {
        const { token, email, remember } = request.body;
        const used = await consumeLoginLink(ctx.db, { token, email, now: ctx.now() });
        const customer = used && (await findCustomerById(ctx.db, used.customerId));
        // A link to an address the account no longer has logs nobody in.
        if (!customer || customer.email !== used.email) throw invalidLink();
        if (customer.is_email_verified !== 1)
          // The link reached the inbox, which proves the address as a verification link would.
          await ctx.db.kysely
            .updateTable('customer')
            .set({ is_email_verified: 1, updated_at: ctx.now().toISOString() })
            .where('id', '=', customer.id)
            .execute();
        await rememberThisDevice(request, reply, customer.id);
        return { result: { token: await openSession(ctx.db, customer.id, remember, ctx.now()) } };
      },
    );
  };
