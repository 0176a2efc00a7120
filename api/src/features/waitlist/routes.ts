import {
  type Language,
  successEnvelope,
  WaitlistErrorCode,
  waitlistMaxEntriesPerAddress,
  waitlistJoinRequestSchema,
  waitlistJoinResultSchema,
  waitlistLeaveResultSchema,
  waitlistOfferSchema,
  waitlistTokenRequestSchema,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { limitedBy, rateLimited } from '../../rate-limit/route-limits.ts';
import { toCourses } from '../catalog/course-search.ts';
import { optionalCustomer } from '../customer/authenticate.ts';
import { mailboxKey } from '../customer/mailbox.ts';
import { courseForMail } from './course.ts';
import { entryByToken, isLimitReached, joinWaitlist, type JoinOutcome, newcomerPosition } from './entries.ts';
import { sendWaitlistAlreadyWaitingMail, sendWaitlistJoinedMail, sendWaitlistLimitReachedMail } from './mails.ts';
import { entryMailAddress, leaveWaitlist } from './offers.ts';
import { waitlistRateLimits } from './rate-limits.ts';

export interface WaitlistRouteOptions {
  /** Called when leaving gave a held place back (cached free places are stale then). */
  onPlacesChanged: () => void;
}

/** The waitlist of fully booked courses: join (no account needed), read an offer, leave (docs/decisions/0012-waitlist.md). */
export const waitlistRoutes =
  (ctx: AppContext, { onPlacesChanged }: WaitlistRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const joinsPerAddress = limitedBy(app, 'waitlist-join:address', waitlistRateLimits.join.perAddress);
    const noticesPerInbox = app.rateLimits.counter('waitlist-notice:address', waitlistRateLimits.notice.perAddress);
    /** Queues a guest's notice unless its inbox had its notices for the hour; either way nothing shows in the answer. */
    const notify = async (to: string, send: () => Promise<void>) => {
      if ((await noticesPerInbox.take(mailboxKey(to))).allowed) await send();
    };
    app.post(
      '/waitlist/join',
      {
        config: { bearer: 'optional' },
        schema: { body: waitlistJoinRequestSchema, response: { 200: successEnvelope(waitlistJoinResultSchema) } },
        preHandler: rateLimited(app, 'waitlist-join', { perClient: waitlistRateLimits.join.perClient }),
      },
      async (request, reply) => {
        const auth = await optionalCustomer(ctx, request);
        // A logged-in customer waits with the account's address; anybody else names one.
        const customer = auth && auth.customer.is_email_verified === 1 ? auth.customer : null;
        const email = customer?.email ?? request.body.email;
        if (!email)
          throw new AppError(400, WaitlistErrorCode.emailRequired, 'An e-mail address is required', {
            email: 'required',
          });
        // Counted for the address that is used (and mailed): a customer's body may name any address, which the
        // join ignores, and must not use up that address's attempts.
        await joinsPerAddress(reply, mailboxKey(email));
        const { courseId, locale } = request.body;
        const join = () =>
          joinWaitlist(ctx.db.kysely, {
            courseId,
            email,
            customerId: customer?.id ?? null,
            locale,
            now: ctx.now(),
            // Queued with the entry, in its transaction: no entry without its mail, no mail without its entry.
            onJoined: async (trx, joined) => {
              const course = await courseForMail(trx, courseId, locale);
              await sendWaitlistJoinedMail(
                ctx,
                {
                  to: email,
                  language: locale,
                  course: course!,
                  position: joined.position,
                  leaveToken: joined.leaveToken,
                },
                trx,
              );
            },
          });
        // A customer joins with the account's own address: they may learn where they stand, and why not.
        if (customer) {
          const outcome = await join();
          return { result: { position: outcome.position, alreadyOnList: !outcome.joined } };
        }

        // A guest may name anybody's address, so the answer must not depend on it (docs/decisions/0074-waitlist-
        // join-tells-nothing-about-the-address.md): whether the address waits already, or for the most courses
        // allowed, it is answered as a first join would be, and the address's owner is told the rest by mail.
        let outcome: JoinOutcome;
        try {
          outcome = await join();
        } catch (error) {
          if (!isLimitReached(error)) throw error;
          const course = await courseForMail(ctx.db.kysely, courseId, locale);
          await notify(email, () =>
            sendWaitlistLimitReachedMail(ctx, {
              to: email,
              language: locale,
              course: course!,
              max: waitlistMaxEntriesPerAddress,
            }),
          );
          return { result: { position: await newcomerPosition(ctx.db.kysely, courseId), alreadyOnList: false } };
        }
        if (outcome.joined) return { result: { position: outcome.position, alreadyOnList: false } };
        const { entryId, position, offerExpiresAt } = outcome;
        // The entry's mails follow its account, if it has one (docs/product-rules.md#waitlist).
        const to = await entryMailAddress(ctx.db.kysely, entryId);
        const course = await courseForMail(ctx.db.kysely, courseId, locale);
        await notify(to, () =>
          sendWaitlistAlreadyWaitingMail(ctx, {
            to,
            language: locale,
            course: course!,
            position,
            offerExpiresAt: offerExpiresAt === null ? null : new Date(offerExpiresAt),
          }),
        );
        return { result: { position: await newcomerPosition(ctx.db.kysely, courseId, entryId), alreadyOnList: false } };
      },
    );

    app.post(
      '/waitlist/offer',
      {
        schema: { body: waitlistTokenRequestSchema, response: { 200: successEnvelope(waitlistOfferSchema) } },
        preHandler: rateLimited(app, 'waitlist-link', waitlistRateLimits.link),
      },
      async (request) => {
        const entry = await entryByToken(ctx.db.kysely, request.body.token);
        const now = ctx.now().toISOString();
        const open =
          entry && entry.status === 'offered' && entry.offer_expires_at !== null && entry.offer_expires_at > now;
        if (!open)
          throw new AppError(
            404,
            WaitlistErrorCode.offerGone,
            'No open offer has this link: it was used, passed on, or its time is up',
          );
        const row = await ctx.db.kysely
          .selectFrom('course')
          .selectAll()
          .where('id', '=', entry.course_id)
          .executeTakeFirstOrThrow();
        const [course] = await toCourses(ctx.db.kysely, [row]);
        return { result: { course: course!, expiresAt: entry.offer_expires_at! } };
      },
    );

    app.post(
      '/waitlist/leave',
      {
        schema: { body: waitlistTokenRequestSchema, response: { 200: successEnvelope(waitlistLeaveResultSchema) } },
        preHandler: rateLimited(app, 'waitlist-link', waitlistRateLimits.link),
      },
      async (request) => {
        const entry = await entryByToken(ctx.db.kysely, request.body.token);
        if (!entry) throw notFound('No waitlist entry has this link');
        // Leaving twice (or after the entry ended) is still "not on the list": the same answer.
        if ((await leaveWaitlist(ctx.db.kysely, entry.id, ctx.now())) && entry.status === 'offered') onPlacesChanged();
        const course = await courseForMail(ctx.db.kysely, entry.course_id, entry.locale as Language);
        return { result: { left: true as const, courseTitle: course?.title ?? '' } };
      },
    );
  };
