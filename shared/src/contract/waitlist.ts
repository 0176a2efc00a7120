import { z } from 'zod';
import { courseSchema } from './catalog.ts';
import { languageSchema, textSchema } from './common.ts';
import { emailSchema } from './customer.ts';

/**
 * The waitlist of a fully booked course (docs/decisions/0012-waitlist.md). Anybody may join with an address (a
 * logged-in customer's comes from the account); a freed place is offered by mail and held for the person for a
 * while; every mail carries a link to leave the list.
 */

/** Hours an offered place is held for its person (the server's WAITLIST_OFFER_SECONDS may shorten it in tests). */
export const waitlistOfferHours = 24;

/** Active entries (waiting or holding an offer) one address may have at a time. */
export const waitlistMaxEntriesPerAddress = 5;

/** A mail link's token: 256 random bits, base64url. */
export const waitlistTokenSchema = textSchema
  .min(20)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

const courseIdSchema = z.number().int().positive().max(2_147_483_647);

/** POST /waitlist/join: a guest names the address; for a logged-in customer it is the account's (and omitted). */
export const waitlistJoinRequestSchema = z.lazy(() =>
  z.object({ courseId: courseIdSchema, email: emailSchema.optional(), locale: languageSchema.default('de') }).strict(),
);
export type WaitlistJoinRequest = z.input<typeof waitlistJoinRequestSchema>;

/**
 * Where the person stands: position 1 is next. A logged-in customer gets the entry's own place, `alreadyOnList` when
 * the account had joined before. A guest is answered as for a first join (the place behind every other waiting
 * entry, `alreadyOnList` false) whether or not the address waits already; the address's inbox is told the real place
 * (docs/product-rules.md#a-guests-join-tells-nothing).
 */
export const waitlistJoinResultSchema = z.lazy(() =>
  z.object({ position: z.number().int().positive(), alreadyOnList: z.boolean() }),
);

export const waitlistTokenRequestSchema = z.lazy(() => z.object({ token: waitlistTokenSchema }).strict());

/** POST /waitlist/offer: the held place behind an offer link, to put into the cart until `expiresAt`. */
export const waitlistOfferSchema = z.lazy(() => z.object({ course: courseSchema, expiresAt: z.string() }));
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** POST /waitlist/leave: done (also when the entry had ended already); the course's title for the page. */
export const waitlistLeaveResultSchema = z.lazy(() => z.object({ left: z.literal(true), courseTitle: z.string() }));

/** Error codes of the waitlist calls besides VALIDATION_ERROR, NOT_FOUND and TOO_MANY_REQUESTS. */
export const WaitlistErrorCode = {
  /** The course has free places: book it instead. */
  notFull: 'WAITLIST_COURSE_NOT_FULL',
  /** The course can no longer be booked (registration deadline passed). */
  closed: 'WAITLIST_COURSE_CLOSED',
  /** The account's address already waits for the maximum number of courses (a logged-in customer only). */
  limitReached: 'WAITLIST_LIMIT_REACHED',
  /** A guest must name an address. */
  emailRequired: 'WAITLIST_EMAIL_REQUIRED',
  /** The offer link is unknown, used, or its time is up. */
  offerGone: 'WAITLIST_OFFER_GONE',
} as const;
