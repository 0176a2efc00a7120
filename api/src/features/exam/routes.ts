import {
  ErrorCode,
  ExamErrorCode,
  examResultEmailRequestSchema,
  examResultEmailResponseSchema,
  examResultSchema,
  examSaveRequestSchema,
  examSchema,
  examSubmissionSchema,
  levelHistoryEntrySchema,
  levelHistorySchema,
  parseExamLevel,
  successEnvelope,
  textSchema,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { isoDateInZone } from '../../lib/dates.ts';
import { limitedBy, rateLimited } from '../../rate-limit/route-limits.ts';
import { requireCustomer } from '../customer/authenticate.ts';
import { mailboxKey } from '../customer/mailbox.ts';
import { queueMail } from '../../mail/outbox.ts';
import { shopLink } from '../customer/mails.ts';
import { listHistory } from './history.ts';
import { loadAnswerKey, loadExam } from './question-bank.ts';
import { recommend } from './recommendation.ts';
import { resultMailAddressLimit, resultMailBucket } from './result-mail-limit.ts';
import { renderResultMail } from './result-mail.ts';
import { placement, placementErrors, score, submissionErrors } from './scoring.ts';
import { keepScoredResult, saveScoredResult } from './scored-results.ts';

/**
 * Result mails per client (IP address, see TRUST_PROXY): enough for a class behind one address, too few to
 * use the shop as a mail cannon from one machine. Per inbox see result-mail-limit.ts: counted without keeping
 * the address, which the page promises not to do.
 */
export const resultMailRateLimit = { max: 20, timeWindowMs: 60 * 60 * 1000 };

/**
 * Scored submissions per client: each one is kept for a day (so that it can be saved), so one machine must not
 * fill the database with them; a class taking the test twice each stays well below.
 */
export const submitRateLimit = { max: 120, timeWindowMs: 60 * 60 * 1000 };

/** The placement test (docs/product-rules.md#api-calls /exam/*). Fetching and submitting need no token (docs/product-rules.md#roles), save and history do. */
export const examRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const resultMailsPerAddressBucket = limitedBy(app, 'result-mail:address-bucket', resultMailAddressLimit);
    app.get(
      '/exam/level/:level',
      { schema: { params: z.object({ level: textSchema.max(20) }), response: { 200: successEnvelope(examSchema) } } },
      async (request) => {
        const level = parseExamLevel(request.params.level);
        if (!level) throw notFound(`There is no placement test for level "${request.params.level}"`);
        return { result: await loadExam(ctx.db.kysely, level) };
      },
    );

    app.post(
      '/exam/submit',
      {
        schema: { body: examSubmissionSchema, response: { 200: successEnvelope(examResultSchema) } },
        preHandler: rateLimited(app, 'exam-submit', { perClient: submitRateLimit }),
      },
      async (request) => {
        const { level, answers } = request.body;
        const key = await loadAnswerKey(ctx.db.kysely, level);
        const fields = submissionErrors(key, level, answers);
        if (Object.keys(fields).length > 0) throw new AppError(400, ErrorCode.validation, 'Invalid answers', fields);
        const { reachedPoints, maxPoints } = score(key, answers);
        const placed = placement(level, reachedPoints, maxPoints);
        const now = ctx.now();
        const recommendation = await recommend(ctx.db.kysely, placed.level, placed.targetDetail, isoDateInZone(now));
        const resultToken = await keepScoredResult(ctx.db, { ...placed, reachedPoints, maxPoints }, now);
        return { result: { ...placed, reachedPoints, maxPoints, recommendation, resultToken } };
      },
    );

    app.post(
      '/exam/save',
      {
        config: { bearer: 'verified' },
        schema: { body: examSaveRequestSchema, response: { 200: successEnvelope(levelHistoryEntrySchema) } },
      },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request);
        const entry = await saveScoredResult(ctx.db, customer.id, request.body.resultToken, ctx.now());
        // Made up, expired, or saved by somebody else: nothing of it reaches the history.
        if (!entry)
          throw new AppError(400, ExamErrorCode.unknownResult, 'No result the server scored has this token', {
            resultToken: 'unknown_result',
          });
        return { result: entry };
      },
    );

    app.get(
      '/exam/history',
      { config: { bearer: 'verified' }, schema: { response: { 200: successEnvelope(levelHistorySchema) } } },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request);
        return { result: await listHistory(ctx.db, customer.id) };
      },
    );

    app.post(
      '/exam/send-result-email',
      {
        schema: {
          body: examResultEmailRequestSchema,
          response: { 200: successEnvelope(examResultEmailResponseSchema) },
        },
        preHandler: [
          // The level comes from the client: it must be one the test's own rule gives for these points. Refused
          // like a malformed body, before it counts against the client's or the inbox's mails.
          async (request) => {
            const fields = placementErrors(request.body);
            if (Object.keys(fields).length > 0) throw new AppError(400, ErrorCode.validation, 'Invalid body', fields);
          },
          rateLimited(app, 'result-mail', { perClient: resultMailRateLimit }),
        ],
      },
      async (request, reply) => {
        // The address goes into this one mail and nowhere else: not into a log line, and the outbox blanks it
        // once the mail is out (docs/decisions/0008-outbox-and-jobs.md).
        const { email, locale, ...score } = request.body;
        // After the client's limit (the preHandler), so a client over it uses up nothing of the inbox's.
        await resultMailsPerAddressBucket(reply, resultMailBucket(mailboxKey(email)));
        const recommendation = await recommend(
          ctx.db.kysely,
          score.level,
          score.targetDetail,
          isoDateInZone(ctx.now()),
        );
        const mail = renderResultMail({
          to: email,
          language: locale,
          score,
          recommendation,
          link: (path, query) => shopLink(ctx, path, query),
        });
        await queueMail(ctx.db, mail, { now: ctx.now(), eraseAfterSend: true });
        return { result: { sent: true as const } };
      },
    );
  };
