import { z } from 'zod';
import { multilineTextSchema, textSchema } from '../common.ts';
import { emailSchema, phonePattern } from '../customer.ts';
import { publicSchoolShape } from '../school.ts';
import { instantSchema } from './common.ts';

/** The school's identity as the owner edits it (getSchoolIdentity, updateSchoolIdentity). */

/** An absolute http(s) URL of the school's own site (its legal pages, its logo). */
const urlSchema = textSchema
  .trim()
  .max(500, 'too_long')
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'url');
const requiredUrl = textSchema.trim().min(1, 'required').pipe(urlSchema);
const optionalUrl = z.union([z.literal(''), urlSchema]).default('');
const optionalText = (max: number) => textSchema.trim().max(max, 'too_long').default('');

export const updateSchoolIdentityRequestSchema = z
  .object({
    name: textSchema.trim().min(1, 'required').max(120, 'too_long'),
    /** Street, postcode and town, one per line, as the imprint gives them. */
    postalAddress: multilineTextSchema.trim().min(1, 'required').max(500, 'too_long'),
    email: emailSchema,
    phone: textSchema
      .trim()
      .refine((value) => value === '' || phonePattern.test(value), 'phone')
      .default(''),
    /** The VAT identification number (USt-IdNr.), or … */
    vatId: optionalText(30),
    /** … the note why none is charged (e.g. "umsatzsteuerfrei nach § 4 Nr. 21 UStG"): one of the two is required. */
    vatExemptionNote: optionalText(300),
    logoUrl: optionalUrl,
    /** The school's home page (the header's and the mails' wordmark link there). */
    websiteUrl: optionalUrl,
    imprintUrl: requiredUrl,
    privacyUrl: requiredUrl,
    termsUrl: requiredUrl,
    withdrawalUrl: requiredUrl,
    contactUrl: requiredUrl,
  })
  .strict()
  .superRefine((value, context) => {
    if (!value.vatId && !value.vatExemptionNote) {
      context.addIssue({ code: 'custom', path: ['vatId'], message: 'vat_or_exemption_required' });
    }
  });
export type UpdateSchoolIdentityRequest = z.input<typeof updateSchoolIdentityRequestSchema>;

export const schoolIdentitySchema = z.object({
  ...publicSchoolShape(),
  /** The demo school of a development database. */
  demo: z.boolean(),
  updatedAt: instantSchema,
});
export type SchoolIdentity = z.infer<typeof schoolIdentitySchema>;

/** null until the owner has set it (first-run setup). */
export const schoolIdentityResultSchema = schoolIdentitySchema.nullable();
