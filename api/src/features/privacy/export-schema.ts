import { privacyExportFormat } from '@shop/shared/contract';
import { z } from 'zod';

/**
 * The download's fields (docs/privacy.md#the-download), the answer schema of the download calls. The API's own, not
 * the contract's: the browser saves the file without reading it, so the schema stays out of the bundle every page
 * of the shop loads; the contract's `privacyFileSchema` checks only its format.
 */
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
