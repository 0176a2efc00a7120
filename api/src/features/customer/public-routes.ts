import {
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { bearerToken } from './authenticate.ts';
import { inBackground } from './background.ts';
import { toCustomer } from './customers.ts';
import { rememberDevice, deviceTokensOf, trustedDevice } from './devices.ts';
import { confirmEmailChange, undoEmailChangeByLink } from './email-change.ts';
import { checkPassword, rehashIfDue, requestLoginLink, useLoginLink } from './login.ts';
import { loginLinkMailIntervalMs } from './login-links.ts';
import { loginThrottle } from './login-throttle.ts';
import { mailboxKey } from './mailbox.ts';
import type { PasswordHasher } from './passwords.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { customerRateLimits, rateLimited, rateLimitedPerMailbox } from './rate-limits.ts';
import { registerCustomer } from './register.ts';
import { openSession } from './sessions.ts';
import { resendVerification, verifyEmail } from './verify-email.ts';

const ok = { result: { success: true as const } };

/**
 * The calls that need no token (docs/product-rules.md#roles): login, register, verification, resend, password reset
 * and the login link. Mails whose sending would tell whether an address has an account go out in the background.
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
        const customer = await checkPassword(ctx, passwords, email, password);
        await throttle.succeeded(email, request.ip, device);
        await rememberThisDevice(request, reply, customer.id);
        await rehashIfDue(ctx, passwords, customer, password);
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
        // No token either way: the customer logs in after confirming.
        inBackground(request.log, await registerCustomer(ctx, passwords, request.body));
        return { result: {} };
      },
    );

    app.post(
      '/customer/verify-email',
      { schema: { body: linkRequestSchema, response: { 200: successEnvelope(customerSchema) } } },
      async (request) => ({ result: toCustomer(await verifyEmail(ctx, request.body)) }),
    );

    app.post(
      '/customer/resend-verification',
      {
        schema: { body: emailRequestSchema, response: { 200: successEnvelope(okSchema) } },
        preHandler: rateLimitedPerMailbox(app, 'resend', customerRateLimits.resendVerification),
      },
      async (request) => {
        inBackground(request.log, resendVerification(ctx, request.body));
        return ok;
      },
    );

    app.post(
      '/customer/verify-email-change',
      { schema: { body: linkRequestSchema, response: { 200: successEnvelope(customerSchema) } } },
      async (request) => ({ result: toCustomer(await confirmEmailChange(ctx, request.body, bearerToken(request))) }),
    );

    app.post(
      '/customer/undo-email-change',
      { schema: { body: linkRequestSchema, response: { 200: successEnvelope(okSchema) } } },
      async (request) => {
        await undoEmailChangeByLink(ctx, request.body);
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
        inBackground(request.log, requestPasswordReset(ctx, request.body));
        return ok;
      },
    );

    app.post(
      '/customer/reset-password',
      { schema: { body: resetPasswordRequestSchema, response: { 200: successEnvelope(okSchema) } } },
      async (request, reply) => {
        const customer = await resetPassword(ctx, passwords, request.body);
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
        // Counted for every address, known or not, and answered alike: the answer tells nothing about the address.
        const due = (await loginLinkMails.take(mailboxKey(request.body.email))).allowed;
        if (due) inBackground(request.log, requestLoginLink(ctx, request.body));
        return ok;
      },
    );

    app.post(
      '/customer/login-link',
      { schema: { body: linkLoginRequestSchema, response: { 200: successEnvelope(loginResponseSchema) } } },
      async (request, reply) => {
        const customer = await useLoginLink(ctx, request.body);
        await rememberThisDevice(request, reply, customer.id);
        return { result: { token: await openSession(ctx.db, customer.id, request.body.remember, ctx.now()) } };
      },
    );
  };
