import {
  CustomerErrorCode,
  deletionPreviewSchema,
  deletionResultSchema,
  guestPrivacyOverviewSchema,
  okSchema,
  PrivacyErrorCode,
  privacyLinkRequestSchema,
  privacyPasswordRequestSchema,
  privacyTokenRequestSchema,
  successEnvelope,
  type DeletionBlocker,
  type Language,
} from '@shop/shared/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { queueMail } from '../../mail/outbox.ts';
import { renderMail } from '../../mail/templates.ts';
import { clientKey } from '../../rate-limit/client-key.ts';
import { limitedBy, rateLimited } from '../../rate-limit/route-limits.ts';
import { requireCustomer } from '../customer/authenticate.ts';
import { customerLanguage } from '../customer/customers.ts';
import { mailboxKey } from '../customer/mailbox.ts';
import { shopLink } from '../customer/mails.ts';
import { createPasswordHasher, type PasswordHashingOptions } from '../customer/passwords.ts';
import { deletionBlockers, deletionPreview, erasePersonalData } from './erase.ts';
import { exportPersonalData } from './export.ts';
import { guestOverview, mailGuestLink, provenAddress } from './guest-link.ts';
import { privacyExportSchema } from './export-schema.ts';
import { orderIdsOf, type Subject } from './subject.ts';

const hour = 60 * 60_000;

/**
 * Limits of the privacy calls (docs/privacy.md#limits): each download and deletion checks the password (a full
 * argon2 hash) and reads a whole history; a guest's link request mails an inbox that may be a stranger's.
 */
export const privacyRateLimits = {
  passwordChecks: { perCustomer: { max: 10, timeWindowMs: hour }, perClient: { max: 30, timeWindowMs: hour } },
  downloads: { perSubject: { max: 5, timeWindowMs: hour } },
  linkRequest: { perClient: { max: 10, timeWindowMs: hour }, perAddress: { max: 3, timeWindowMs: hour } },
};

/** The 409 of a deletion something open stops, with what it is. */
function deletionBlocked(reply: FastifyReply, blockers: DeletionBlocker[]) {
  return reply.code(409).send({
    error: { code: PrivacyErrorCode.deletionBlocked, message: 'Something open stops the deletion' },
    blockers,
  });
}

/**
 * Logged without the content (docs/privacy.md#the-request-log): which right was used, when, by which account (its id
 * only) or by a guest, and how it ended.
 */
function logRequest(
  log: FastifyBaseLogger,
  what: 'download' | 'deletion' | 'link',
  subject: Subject | 'guest',
  outcome: string,
) {
  const who =
    subject === 'guest' || subject.kind === 'guest'
      ? { subject: 'guest' }
      : { subject: 'customer', customerId: subject.customerId };
  log.info({ event: 'privacy-request', request: what, ...who, outcome }, `Privacy request: ${what}, ${outcome}`);
}

async function queueSubjectMail(
  ctx: AppContext,
  tx: Db,
  kind: 'accountDeleted' | 'guestDataDeleted',
  to: string,
  language: Language,
  name?: string,
) {
  // Once delivered, the outbox forgets the address and the text: the person is gone from the shop.
  await queueMail(tx, renderMail({ kind, language, to, name, link: shopLink(ctx, '/') }), {
    now: ctx.now(),
    eraseAfterSend: true,
  });
}

/** The rights of docs/privacy.md: download and deletion for a customer, and for a guest through a mailed link. */
export const privacyRoutes =
  (ctx: AppContext, options: { passwordHashing?: PasswordHashingOptions } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const passwords = createPasswordHasher(options.passwordHashing);
    const passwordChecksPerCustomer = limitedBy(
      app,
      'privacy-password:customer',
      privacyRateLimits.passwordChecks.perCustomer,
    );
    const passwordChecksPerClient = limitedBy(
      app,
      'privacy-password:client',
      privacyRateLimits.passwordChecks.perClient,
    );
    const downloadsPerSubject = limitedBy(app, 'privacy-download', privacyRateLimits.downloads.perSubject);
    const linkRequests = rateLimited(app, 'privacy-link', { perClient: privacyRateLimits.linkRequest.perClient });
    const linkRequestsPerInbox = limitedBy(app, 'privacy-link:address', privacyRateLimits.linkRequest.perAddress);

    /** The logged-in customer, once the password given again is right (each check counted before it is made). */
    const confirmedCustomer = async (request: FastifyRequest, password: string, reply: FastifyReply) => {
      const { customer } = await requireCustomer(ctx, request);
      await passwordChecksPerClient(reply, clientKey(request.ip));
      await passwordChecksPerCustomer(reply, customer.id);
      if (!(await passwords.verify(customer.password_hash, password)))
        throw new AppError(400, CustomerErrorCode.wrongPassword, 'The password is wrong', {
          password: 'wrong_password',
        });
      return customer;
    };

    app.get(
      '/customer/me/privacy/deletion',
      { config: { bearer: 'verified' }, schema: { response: { 200: successEnvelope(deletionPreviewSchema) } } },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request);
        const subject: Subject = { kind: 'customer', customerId: customer.id, email: customer.email };
        return { result: await deletionPreview(ctx.db.kysely, subject, ctx.now()) };
      },
    );

    app.post(
      '/customer/me/privacy/export',
      {
        config: { bearer: 'verified' },
        schema: { body: privacyPasswordRequestSchema, response: { 200: successEnvelope(privacyExportSchema) } },
      },
      async (request, reply) => {
        const customer = await confirmedCustomer(request, request.body.password, reply);
        await downloadsPerSubject(reply, `customer:${customer.id}`);
        const subject: Subject = { kind: 'customer', customerId: customer.id, email: customer.email };
        const result = await exportPersonalData(ctx.db.kysely, subject, ctx.now());
        logRequest(request.log, 'download', subject, 'given');
        // A file to keep, not a page: no cache may hold it (the API stores no answer anyway, 0071).
        reply.header('content-disposition', 'attachment; filename="meine-daten.json"');
        return { result };
      },
    );

    app.post(
      '/customer/me/privacy/delete',
      {
        config: { bearer: 'verified' },
        schema: { body: privacyPasswordRequestSchema, response: { 200: successEnvelope(deletionResultSchema) } },
      },
      async (request, reply) => {
        const customer = await confirmedCustomer(request, request.body.password, reply);
        const subject: Subject = { kind: 'customer', customerId: customer.id, email: customer.email };
        const outcome = await inTransaction(ctx.db, async (tx) => {
          const blockers = await deletionBlockers(tx.kysely, await orderIdsOf(tx.kysely, subject), ctx.now());
          if (blockers.length > 0) return { blockers, keptOrders: 0 };
          const keptOrders = await erasePersonalData(tx.kysely, subject, ctx.now());
          const name = customer.is_email_verified === 1 ? customer.firstname : undefined;
          await queueSubjectMail(ctx, tx, 'accountDeleted', customer.email, customerLanguage(customer), name);
          return { blockers: [], keptOrders };
        });
        if (outcome.blockers.length > 0) {
          logRequest(request.log, 'deletion', subject, 'refused');
          return deletionBlocked(reply, outcome.blockers);
        }
        logRequest(request.log, 'deletion', subject, 'done');
        return { result: { deleted: true as const, keptOrders: outcome.keptOrders } };
      },
    );

    app.post(
      '/privacy/request',
      {
        schema: { body: privacyLinkRequestSchema, response: { 200: successEnvelope(okSchema) } },
        preHandler: linkRequests,
      },
      async (request, reply) => {
        const { email, locale } = request.body;
        await linkRequestsPerInbox(reply, mailboxKey(email));
        await mailGuestLink(ctx, email, locale);
        logRequest(request.log, 'link', 'guest', 'mailed');
        return { result: { success: true as const } };
      },
    );

    app.post(
      '/privacy/guest/overview',
      { schema: { body: privacyTokenRequestSchema, response: { 200: successEnvelope(guestPrivacyOverviewSchema) } } },
      async (request) => {
        const { subject } = await provenAddress(ctx, request.body.token);
        return { result: await guestOverview(ctx, subject) };
      },
    );

    app.post(
      '/privacy/guest/export',
      { schema: { body: privacyTokenRequestSchema, response: { 200: successEnvelope(privacyExportSchema) } } },
      async (request, reply) => {
        const { subject } = await provenAddress(ctx, request.body.token);
        await downloadsPerSubject(reply, `guest:${mailboxKey(subject.email)}`);
        const result = await exportPersonalData(ctx.db.kysely, subject, ctx.now());
        logRequest(request.log, 'download', subject, 'given');
        reply.header('content-disposition', 'attachment; filename="meine-daten.json"');
        return { result };
      },
    );

    app.post(
      '/privacy/guest/delete',
      { schema: { body: privacyTokenRequestSchema, response: { 200: successEnvelope(deletionResultSchema) } } },
      async (request, reply) => {
        const { subject, locale } = await provenAddress(ctx, request.body.token);
        const outcome = await inTransaction(ctx.db, async (tx) => {
          const blockers = await deletionBlockers(tx.kysely, await orderIdsOf(tx.kysely, subject), ctx.now());
          if (blockers.length > 0) return { blockers, keptOrders: 0 };
          const keptOrders = await erasePersonalData(tx.kysely, subject, ctx.now());
          const language: Language = locale === 'en' || locale === 'es' ? locale : 'de';
          await queueSubjectMail(ctx, tx, 'guestDataDeleted', subject.email, language);
          return { blockers: [], keptOrders };
        });
        if (outcome.blockers.length > 0) {
          logRequest(request.log, 'deletion', subject, 'refused');
          return deletionBlocked(reply, outcome.blockers);
        }
        logRequest(request.log, 'deletion', subject, 'done');
        return { result: { deleted: true as const, keptOrders: outcome.keptOrders } };
      },
    );
  };
