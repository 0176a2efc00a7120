import { z } from 'zod';
import { textSchema } from '../common.ts';
import { emailSchema } from '../customer.ts';
import { instantSchema, pageQuerySchema, sortQuery, staffRoleSchema } from './common.ts';

/** Staff accounts and sessions (docs/backoffice.md). */

/** A staff password: at least 12 characters (a staff account opens the school's data), at most 200. */
export const staffPasswordSchema = z.string().min(12, 'password_too_short').max(200, 'too_long');
/** A TOTP code as an authenticator app shows it: 6 digits. */
export const totpCodeSchema = textSchema.trim().regex(/^\d{6}$/, 'totp_code');

export const staffLoginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'required').max(200, 'too_long'),
  /** Needed once the account has a second factor, and always in production. */
  totp: totpCodeSchema.optional(),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>;

export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: staffRoleSchema,
  /** Whether a password was set (the setup link used, or `--password-stdin`). */
  passwordSet: z.boolean(),
  totpEnrolled: z.boolean(),
  createdAt: instantSchema,
  lastLoginAt: instantSchema.nullable(),
});
export type Staff = z.infer<typeof staffSchema>;

export const staffSessionSchema = z.object({
  token: z.string(),
  /** When the session ends at the latest (12 hours after login); it ends earlier after 30 idle minutes. */
  expiresAt: instantSchema,
  idleMinutes: z.number().int(),
  staff: staffSchema,
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** What a setup link leads to: whose account, and whether a second factor is to be enrolled with it. */
export const setupInfoRequestSchema = z.object({ token: textSchema.min(1).max(200) });
export const setupInfoSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  /** Production: the setup enrols TOTP (scan `otpauthUri`, then send a code with the password). */
  totpRequired: z.boolean(),
  /** The secret to enrol, as an otpauth:// URI for a QR code; null when no second factor is asked for. */
  otpauthUri: z.string().nullable(),
});
export type SetupInfo = z.infer<typeof setupInfoSchema>;

export const completeSetupRequestSchema = z.object({
  token: textSchema.min(1).max(200),
  password: staffPasswordSchema,
  /** A code of the authenticator the `otpauthUri` was scanned into (required when `totpRequired`). */
  totp: totpCodeSchema.optional(),
});

/**
 * Production, an account made with `--password-stdin` that has no second factor yet: its first login answers
 * TOTP_ENROLMENT_REQUIRED; `startTotpEnrolment` (email + password) gives the URI, `staffLogin` with a code of it
 * completes the enrolment and logs in.
 */
export const startTotpEnrolmentRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'required').max(200, 'too_long'),
});
export const totpEnrolmentSchema = z.object({ otpauthUri: z.string() });

export const listStaffQuerySchema = pageQuerySchema.extend(sortQuery(['email', 'role', 'createdAt', 'lastLoginAt']));
