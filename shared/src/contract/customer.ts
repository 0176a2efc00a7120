import { z } from 'zod';
import { controlCharactersMessage, languageSchema, textSchema } from './common.ts';

/**
 * The customer contract (docs/product-rules.md#data Customer, Balance, Billing address, payloads; #validation validation; #api-calls calls).
 * The account forms validate with these schemas and the API validates every request with the very same ones,
 * so a rule lives here once.
 */

/**
 * Messages of the validation rules. They are codes, not prose: the server sends them as field errors
 * (`fields: { phone: "phone" }`) and the forms translate them (`account.validation.phone`).
 */
export const ValidationCode = {
  required: 'required',
  email: 'email',
  tooLong: 'too_long',
  phone: 'phone',
  phoneTooShort: 'phone_too_short',
  birthYear: 'birth_year',
  passwordTooShort: 'password_too_short',
  passwordWeak: 'password_weak',
  passwordCharacters: 'password_characters',
  passwordsMismatch: 'passwords_mismatch',
  zip: 'zip',
  country: 'country',
  controlCharacters: controlCharactersMessage,
  noPositions: 'no_positions',
  /** An order's course names not exactly one participant per place. */
  participantCount: 'participant_count',
  /** A course starts within the withdrawal period and the order lacks the express early-start request. */
  earlyStartRequired: 'early_start_required',
  /** A value of no allowed form that has no text of its own (e.g. a return path to another site). */
  invalid: 'invalid',
} as const;
export type ValidationCode = (typeof ValidationCode)[keyof typeof ValidationCode];
const V = ValidationCode;

/** Error codes of the customer calls (besides VALIDATION_ERROR, UNAUTHORIZED, NOT_FOUND). */
export const CustomerErrorCode = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  invalidToken: 'INVALID_TOKEN',
  emailTaken: 'EMAIL_TAKEN',
  wrongPassword: 'WRONG_PASSWORD',
  tooManyRequests: 'TOO_MANY_REQUESTS',
} as const;

/**
 * Characters that show nothing on their own: whitespace and space separators (Zs), format characters (Cf: the
 * zero-width space, joiners, U+2060, U+FEFF, direction marks, tags …), the other default-ignorable code points
 * (Hangul fillers, variation selectors, the combining grapheme joiner) and the blank Braille pattern.
 */
const invisibleOnly = /^[\p{White_Space}\p{Zs}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;
/**
 * A required, trimmed text (names, the checkout's street and city): one made only of characters that show nothing
 * is as missing as an empty one ("required", and no other issue). Such characters between visible ones are kept.
 */
export const requiredText = (max: number) =>
  textSchema
    .trim()
    .min(1, { message: V.required, abort: true })
    .refine((value) => !invisibleOnly.test(value), { message: V.required, abort: true })
    .max(max, V.tooLong);
/** An optional, trimmed text; empty means "none". */
export const optionalText = (max: number) => textSchema.trim().max(max, V.tooLong);

export const nameSchema = requiredText(100);

/** The form an address is compared in (trimmed, lower case), as emailSchema gives it. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** E-mail: required, e-mail type (docs/product-rules.md#validation); trimmed and lower-cased so one address is one account. */
export const emailSchema = textSchema
  .trim()
  .toLowerCase()
  .min(1, V.required)
  .max(254, V.tooLong)
  .regex(z.regexes.email, V.email);

/** Phone: optional; an optional plus followed by 7 to 20 digits or spaces (docs/product-rules.md#validation). */
export const phonePattern = /^\+?[\d ]{7,20}$/;
export const phoneSchema = textSchema.trim().refine((value) => value === '' || phonePattern.test(value), V.phone);
/** The profile form also asks for at least 4 characters (docs/product-rules.md#validation), checked first so its message wins. */
export const profilePhoneSchema = textSchema
  .trim()
  .refine((value) => value === '' || value.length >= 4, { message: V.phoneTooShort, abort: true })
  .refine((value) => value === '' || phonePattern.test(value), V.phone);

/** Year of birth: optional, exactly 4 digits. Kept as text, like every other form value. */
export const birthYearSchema = textSchema.trim().regex(/^(\d{4})?$/, V.birthYear);

/** Newsletter flag as the API speaks it (docs/product-rules.md#limits: 1 or 0). */
export const newsletterFlagSchema = z.union([z.literal(0), z.literal(1)]);

/**
 * Password rules (docs/product-rules.md#validation): at least 8 characters with a letter, a digit and one of the specials; only
 * ASCII letters, digits and those specials. The upper bound is ours: it caps the hashing work per request.
 */
export const passwordRules = { minLength: 8, maxLength: 128, specials: '@$!%*?&#' } as const;
const specialsClass = passwordRules.specials.replace(/[\]\\^-]/g, '\\$&');
const allowedPasswordCharacter = new RegExp(`^[A-Za-z\\d${specialsClass}]$`);
/** The first character of `value` the rule refuses (`-`, `ü`, a space…), so the error can name it; else undefined. */
export const refusedPasswordCharacter = (value: string): string | undefined =>
  [...value].find((character) => !allowedPasswordCharacter.test(character));
/**
 * The same rule for password generators (the `passwordrules` attribute, honoured by Safari's and some managers'
 * generators): a letter, a digit and a special required, nothing else allowed.
 */
export const passwordRulesAttribute =
  `minlength: ${passwordRules.minLength}; maxlength: ${passwordRules.maxLength}; required: lower, upper; ` +
  `required: digit; required: [${passwordRules.specials}]; allowed: lower, upper, digit, [${passwordRules.specials}];`;
export const newPasswordSchema = textSchema
  .min(1, V.required)
  .min(passwordRules.minLength, V.passwordTooShort)
  .max(passwordRules.maxLength, V.tooLong)
  .refine((value) => refusedPasswordCharacter(value) === undefined, V.passwordCharacters)
  .regex(new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)(?=.*[${specialsClass}])`), V.passwordWeak);
/** An existing password (login, current password): only required, since older rules may have applied. */
export const currentPasswordSchema = textSchema.min(1, V.required).max(passwordRules.maxLength, V.tooLong);

/** Countries offered in address forms (docs/product-rules.md#validation); DE is the default. */
export const countries = ['DE', 'AT', 'CH', 'FR', 'IT', 'ES', 'NL', 'BE', 'PL', 'CZ'] as const;
export const countrySchema = z.enum(countries, { error: V.country });
export type Country = z.infer<typeof countrySchema>;
export const defaultCountry: Country = 'DE';

/** Zip: at most 5 characters, numeric (docs/product-rules.md#validation, #limits); optional in the account's address. */
export const zipSchema = textSchema.trim().regex(/^\d{0,5}$/, V.zip);

/** A link's one-time token (verification, reset, e-mail change): opaque text. */
const linkTokenSchema = textSchema.trim().min(1, V.required).max(200, V.tooLong);

// ---------------------------------------------------------------------------------------------------------
// Customer

export const customerSchema = z.lazy(() =>
  z.object({
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    displayName: z.string().nullable(),
    phone: z.string().nullable(),
    birthYear: z.string().nullable(),
    /** Level code such as `a1`, or null before any placement. */
    languageNiveau: z.string().nullable(),
    /** Sub-level such as `A2.1`, when known. */
    languageNiveauDetails: z.string().nullable(),
    isSubscribedToNewsletter: newsletterFlagSchema,
    isEmailVerified: z.boolean(),
  }),
);
export type Customer = z.infer<typeof customerSchema>;

/** Answer of calls that only confirm (verify, resend, reset, logout, address save). */
export const okSchema = z.lazy(() => z.object({ success: z.literal(true) }));

// Login and registration --------------------------------------------------------------------------------

export const loginRequestSchema = z.lazy(() =>
  z.object({ email: emailSchema, password: currentPasswordSchema, remember: z.boolean().default(false) }).strict(),
);
export type LoginRequest = z.input<typeof loginRequestSchema>;
export const loginResponseSchema = z.lazy(() => z.object({ token: z.string() }));

export const registerFormSchema = z.lazy(() =>
  z.object({ firstname: nameSchema, lastname: nameSchema, email: emailSchema, password: newPasswordSchema }).strict(),
);
export type RegisterForm = z.input<typeof registerFormSchema>;
/** The registration payload: the form plus the language for the customer's mails. */
/**
 * A page of the shop to come back to (a path, never another site): the verification link carries it, so that a
 * learner who registered to save a level-test result is led back to it after verifying and logging in.
 */
export const returnPathSchema = textSchema.max(500, V.tooLong).regex(/^\/(?![/\\])[^\s\\]*$/, V.invalid);
export const registerRequestSchema = z.lazy(() =>
  registerFormSchema
    .unwrap()
    .extend({ locale: languageSchema.default('de'), redirect: returnPathSchema.optional() })
    .strict(),
);
export type RegisterRequest = z.input<typeof registerRequestSchema>;
/**
 * The answer is the same for a new address and for one that has an account, so it tells nobody which it was:
 * no token (docs/product-rules.md#api-calls "optional token"); the new customer confirms the address from the mail and logs in, the
 * owner of an existing account gets a mail pointing to login and password reset instead.
 */
export const registerResponseSchema = z.lazy(() => z.object({ token: z.string().optional() }));

// Links from mails --------------------------------------------------------------------------------------

/** verify-email and verify-email-change: the token and address from the link. */
export const linkRequestSchema = z.lazy(() => z.object({ token: linkTokenSchema, email: emailSchema }).strict());
export type LinkRequest = z.input<typeof linkRequestSchema>;

/**
 * POST /customer/login-link: logs in with the one-time link a mail carried (request-login-link sends it, with the
 * address and the mail's language as `emailRequestSchema`); answers a login's `{ token }`.
 */
export const linkLoginRequestSchema = z.lazy(() =>
  z.object({ token: linkTokenSchema, email: emailSchema, remember: z.boolean().default(false) }).strict(),
);
export type LinkLoginRequest = z.input<typeof linkLoginRequestSchema>;

/** resend-verification, request-password-reset and request-login-link: the address, and the language of the mail. */
export const emailRequestSchema = z.lazy(() =>
  z.object({ email: emailSchema, locale: languageSchema.default('de') }).strict(),
);
export type EmailRequest = z.input<typeof emailRequestSchema>;
export const emailFormSchema = z.lazy(() => z.object({ email: emailSchema }).strict());
export type EmailForm = z.input<typeof emailFormSchema>;

export const resetPasswordRequestSchema = z.lazy(() =>
  z.object({ token: linkTokenSchema, email: emailSchema, newPassword: newPasswordSchema }).strict(),
);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** New password and its repetition; the mismatch is reported on the repetition. */
const matchingPasswords = <T extends { newPassword: string; confirmPassword: string }>(value: T) =>
  value.newPassword === value.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: V.passwordsMismatch };
const confirmPasswordSchema = textSchema.min(1, V.required);

export const newPasswordFormSchema = z.lazy(() =>
  z
    .object({ newPassword: newPasswordSchema, confirmPassword: confirmPasswordSchema })
    .refine(matchingPasswords, mismatch),
);
export type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

// Profile and password -------------------------------------------------------------------------------------

/** The profile form (docs/product-rules.md#data Profile update payload), every field present. */
export const profileFormSchema = z.lazy(() =>
  z
    .object({
      displayName: optionalText(100),
      email: emailSchema,
      firstname: nameSchema,
      lastname: nameSchema,
      phone: profilePhoneSchema,
      birthYear: birthYearSchema,
      isSubscribedToNewsletter: newsletterFlagSchema,
    })
    .strict(),
);
export type ProfileForm = z.input<typeof profileFormSchema>;
export type ProfileValues = z.output<typeof profileFormSchema>;
/** PUT /customer/me/update: only the changed fields (docs/product-rules.md#data); an empty text clears an optional field. */
export const profileUpdateRequestSchema = z.lazy(() => profileFormSchema.unwrap().partial().strict());
export type ProfileUpdateRequest = z.output<typeof profileUpdateRequestSchema>;
export const profileUpdateResponseSchema = z.lazy(() => z.object({ emailChangeRequested: z.boolean() }));

/** The form's values for a customer (null becomes an empty field). */
export function profileFormValues(customer: Customer): ProfileValues {
  return {
    displayName: customer.displayName ?? '',
    email: customer.email,
    firstname: customer.firstname,
    lastname: customer.lastname,
    phone: customer.phone ?? '',
    birthYear: customer.birthYear ?? '',
    isSubscribedToNewsletter: customer.isSubscribedToNewsletter,
  };
}

/**
 * The fields of `update` that differ from `customer`: what the form sends and what the server applies
 * (docs/product-rules.md#data, #states "only changed fields").
 */
export function changedProfileFields(customer: Customer, update: ProfileUpdateRequest): ProfileUpdateRequest {
  const current = profileFormValues(customer);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update) as [keyof ProfileValues, unknown][]) {
    if (value !== undefined && value !== current[key]) changes[key] = value;
  }
  return changes as ProfileUpdateRequest;
}

export const updatePasswordRequestSchema = z.lazy(() =>
  z.object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema }).strict(),
);
export type UpdatePasswordRequest = z.input<typeof updatePasswordRequestSchema>;
/**
 * A password change ends every session (spec: revoked on password change); the session that made the change
 * gets a fresh token back so its customer stays logged in.
 */
export const updatePasswordResponseSchema = z.lazy(() => z.object({ token: z.string() }));

export const passwordChangeFormSchema = z.lazy(() =>
  z
    .object({
      currentPassword: currentPasswordSchema,
      newPassword: newPasswordSchema,
      confirmPassword: confirmPasswordSchema,
    })
    .refine(matchingPasswords, mismatch),
);
export type PasswordChangeForm = z.input<typeof passwordChangeFormSchema>;

// Billing address and balances -----------------------------------------------------------------------------

/**
 * The account's billing address (docs/product-rules.md#data, #validation): names and country required; street (addressLine1), company
 * (addressLine2) and city optional; zip numeric, at most 5. The checkout adds phone and birth year.
 */
export const billingAddressSchema = z.lazy(() =>
  z
    .object({
      firstname: nameSchema,
      lastname: nameSchema,
      addressLine1: optionalText(200),
      addressLine2: optionalText(200),
      city: optionalText(100),
      zip: zipSchema,
      country: countrySchema,
    })
    .strict(),
);
export type BillingAddress = z.output<typeof billingAddressSchema>;
export type BillingAddressForm = z.input<typeof billingAddressSchema>;
/** GET /customer/me/billing-address: null before the first save. */
export const billingAddressResultSchema = z.lazy(() => billingAddressSchema.nullable());

/** Remaining contingent per product type (docs/product-rules.md#data Balance: 2 flexible-learning modules, 3 conversation hours). */
export const balanceSchema = z.lazy(() =>
  z.object({ typeId: z.number().int(), balance: z.number().int().nonnegative() }),
);
export type Balance = z.infer<typeof balanceSchema>;
export const balancesSchema = z.lazy(() => z.array(balanceSchema));

/** How the account greets its customer: the display name, else first initial and last name ("A. Muster"). */
export function customerGreetingName(customer: Pick<Customer, 'displayName' | 'firstname' | 'lastname'>): string {
  const displayName = customer.displayName?.trim();
  if (displayName) return displayName;
  const initial = customer.firstname.trim().charAt(0).toUpperCase();
  return initial ? `${initial}. ${customer.lastname}` : customer.lastname;
}
