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

const nullableText = () => z.string().nullable();
const euros = z.number();

const addressSchema = () =>
  z.object({
    firstname: z.string(),
    lastname: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    zip: z.string(),
    country: z.string(),
  });

const participantSchema = () =>
  z.object({
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: nullableText(),
    birthYear: nullableText(),
  });

const courseRefSchema = () =>
  z.object({
    courseId: z.number(),
    identifier: z.string(),
    title: z.string(),
    startDate: z.string(),
    endDate: z.string(),
  });

/** The download: everything the shop holds about one person, as of `createdAt`. */
export const privacyExportSchema = z.lazy(() =>
  z.object({
    format: z.literal(privacyExportFormat),
    createdAt: z.string(),
    /** `customer`: an account's download; `guest`: what is tied to an address outside any account. */
    subject: z.object({ kind: z.enum(['customer', 'guest']), email: z.string() }),
    profile: z
      .object({
        email: z.string(),
        firstname: z.string(),
        lastname: z.string(),
        displayName: nullableText(),
        phone: nullableText(),
        birthYear: nullableText(),
        languageNiveau: nullableText(),
        languageNiveauDetails: nullableText(),
        locale: z.string(),
        isEmailVerified: z.boolean(),
        createdAt: z.string(),
        updatedAt: z.string(),
      })
      .nullable(),
    billingAddress: addressSchema().extend({ updatedAt: z.string() }).nullable(),
    orders: z.array(
      z.object({
        orderNumber: z.string(),
        createdAt: z.string(),
        status: z.string(),
        cancelReason: nullableText(),
        email: z.string(),
        locale: z.string(),
        timezone: z.string(),
        comment: nullableText(),
        paymentMethod: nullableText(),
        totalPrice: euros,
        chargedBack: euros,
        billingAddress: addressSchema().extend({ phone: nullableText(), birthYear: nullableText() }).nullable(),
        courses: z.array(
          courseRefSchema().extend({
            quantity: z.number(),
            unitPrice: euros,
            totalPrice: euros,
            discount: euros,
            creditsApplied: z.number(),
            discountCodes: z.array(z.string()),
            withdrawn: z.boolean(),
            participants: z.array(participantSchema()),
          }),
        ),
        products: z.array(
          z.object({
            productId: z.number(),
            quantity: z.number(),
            unitPrice: euros,
            discount: euros,
            discountCodes: z.array(z.string()),
            withdrawn: z.boolean(),
          }),
        ),
        packages: z.array(
          z.object({
            typeId: z.number(),
            amount: z.number(),
            quantity: z.number(),
            unitPrice: euros,
            totalPrice: euros,
            discount: euros,
            discountCodes: z.array(z.string()),
            withdrawn: z.boolean(),
          }),
        ),
        payments: z.array(
          z.object({
            provider: z.string(),
            method: nullableText(),
            status: z.string(),
            amount: euros,
            createdAt: z.string(),
            updatedAt: z.string(),
          }),
        ),
        refunds: z.array(z.object({ amount: euros, status: z.string(), createdAt: z.string() })),
      }),
    ),
    /** Places booked by somebody else that name this person as a participant. */
    participations: z.array(participantSchema().extend({ course: courseRefSchema(), orderCreatedAt: z.string() })),
    balances: z.array(
      z.object({
        typeId: z.number(),
        balance: z.number(),
        validFrom: z.string(),
        validUntil: z.string(),
        orderNumber: nullableText(),
      }),
    ),
    balanceHistory: z.array(
      z.object({
        kind: z.enum(['bought', 'used']),
        typeId: z.number(),
        amount: z.number(),
        orderNumber: z.string(),
        at: z.string(),
      }),
    ),
    levelTests: z.array(
      z.object({
        level: z.string(),
        reachedPoints: z.number(),
        maxPoints: z.number(),
        targetDetail: z.string(),
        createdAt: z.string(),
      }),
    ),
    waitlist: z.array(
      z.object({
        course: courseRefSchema(),
        status: z.string(),
        locale: z.string(),
        createdAt: z.string(),
        offerExpiresAt: nullableText(),
        endedAt: nullableText(),
      }),
    ),
    withdrawals: z.array(
      z.object({
        receivedAt: z.string(),
        name: z.string(),
        orderNumber: z.string(),
        email: z.string(),
        positions: z.unknown(),
        locale: z.string(),
      }),
    ),
    consents: z.array(
      z.object({
        kind: z.enum(['newsletter', 'marketing', 'earlyStart']),
        given: z.boolean(),
        at: z.string(),
        orderNumber: nullableText(),
      }),
    ),
    discountCodeUses: z.array(
      z.object({ code: z.string(), usedAt: z.string(), orderNumber: nullableText(), discount: euros }),
    ),
    mails: z.array(
      z.object({ subject: z.string(), createdAt: z.string(), sentAt: nullableText(), status: z.string() }),
    ),
    sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string(), remember: z.boolean() })),
    /** Mailed links of the account: address confirmations, resets, e-mail changes, and undo links to a former address. */
    accountLinks: z.array(
      z.object({
        purpose: z.enum(['verify_email', 'password_reset', 'email_change', 'undo_email_change']),
        email: z.string(),
        createdAt: z.string(),
        expiresAt: z.string(),
        usedAt: nullableText(),
      }),
    ),
  }),
);
export type PrivacyExport = z.infer<typeof privacyExportSchema>;

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
