import { z } from 'zod';
import { languageSchema, textSchema } from './common.ts';
import { currentPasswordSchema, emailSchema } from './customer.ts';

/**
 * The data subject's rights (docs/privacy.md): the download of everything the shop holds about a person (Art. 15
 * and 20 GDPR), the deletion of an account or of a guest's data (Art. 17), and the mailed link by which a guest
 * proves an address first. Every field of the download is described in docs/privacy.md#the-download.
 */

/** The version of the download's format; a change of its fields gets a new one. */
export const privacyExportFormat = 'shop-personal-data/1';

/** The password asked again before a download or a deletion. */
export const privacyPasswordRequestSchema = z.lazy(() => z.object({ password: currentPasswordSchema }).strict());
export type PrivacyPasswordRequest = z.input<typeof privacyPasswordRequestSchema>;

/** POST /privacy/request: a guest asks for a link to the address (the answer is the same for every address). */
export const privacyLinkRequestSchema = z.lazy(() =>
  z.object({ email: emailSchema, locale: languageSchema.default('de') }).strict(),
);
export type PrivacyLinkRequest = z.input<typeof privacyLinkRequestSchema>;

/** The token of a guest's link: 256 random bits, base64url. */
export const privacyTokenRequestSchema = z.lazy(() =>
  z
    .object({
      token: textSchema
        .trim()
        .min(20)
        .max(100)
        .regex(/^[A-Za-z0-9_-]+$/),
    })
    .strict(),
);
export type PrivacyTokenRequest = z.input<typeof privacyTokenRequestSchema>;

/**
 * The download as the browser sees it: a file it saves without reading (docs/privacy.md#the-download); its fields
 * are described by the API's own schema (`api/src/features/privacy/export-schema.ts`), kept out of the browser's
 * bundle, which every page of the shop loads.
 */
export const privacyFileSchema = z.lazy(() => z.looseObject({ format: z.literal(privacyExportFormat) }));

/** Why a deletion waits: an order not paid yet, or a booked course running now. */
export const deletionBlockerSchema = z.lazy(() =>
  z.object({
    kind: z.enum(['awaitingPayment', 'courseRunning']),
    orderNumber: z.string(),
    courseTitle: z.string().nullable(),
  }),
);
export type DeletionBlocker = z.infer<typeof deletionBlockerSchema>;

/** What a deletion would do: what stops it, the orders still open, the credits lost, the orders kept for the law. */
export const deletionPreviewSchema = z.lazy(() =>
  z.object({
    blockers: z.array(deletionBlockerSchema),
    /** Booked courses that have not ended: they stay booked, kept under the order number. */
    openOrders: z.array(
      z.object({
        orderNumber: z.string(),
        courses: z.array(z.object({ title: z.string(), startDate: z.string(), endDate: z.string() })),
      }),
    ),
    /** Unused package credits, lost with the account. */
    credits: z.array(z.object({ typeId: z.number(), balance: z.number(), validUntil: z.string() })),
    /** Orders kept (reduced) for the bookkeeping periods. */
    keptOrders: z.number(),
  }),
);
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;

/** What a guest's link shows before the download or the deletion. */
export const guestPrivacyOverviewSchema = z.lazy(() =>
  deletionPreviewSchema.unwrap().extend({
    email: z.string(),
    /** The address has a customer account: its data is downloaded and deleted there, after logging in. */
    accountExists: z.boolean(),
    /** Whether the shop holds anything tied to the address outside an account. */
    holdsData: z.boolean(),
  }),
);
export type GuestPrivacyOverview = z.infer<typeof guestPrivacyOverviewSchema>;

export const deletionResultSchema = z.lazy(() => z.object({ deleted: z.literal(true), keptOrders: z.number() }));

/** Error codes of the privacy calls besides VALIDATION_ERROR, WRONG_PASSWORD, INVALID_TOKEN and TOO_MANY_REQUESTS. */
export const PrivacyErrorCode = {
  /** Something open stops the deletion (`blockers` beside the error say what). */
  deletionBlocked: 'DELETION_BLOCKED',
} as const;
