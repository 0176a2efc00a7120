import { z } from 'zod';
import { textSchema } from '../common.ts';

/**
 * What every admin call shares: roles, error codes, list paging. The admin contract is a sub-path of its own
 * (`@shop/shared/contract/admin`): the back office and the API import it, the shop's areas never do.
 */

/** `owner` manages staff, the school's identity and money; `staff` the catalogue, texts, codes and orders. */
export const staffRoles = ['owner', 'staff'] as const;
export const staffRoleSchema = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** Error codes of the admin calls, besides VALIDATION_ERROR, UNAUTHORIZED, NOT_FOUND of the shop's envelope. */
export const AdminErrorCode = {
  /** A live staff session of a role that may not make this call. */
  forbidden: 'FORBIDDEN',
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** The account has a second factor (or production requires one) and the code is missing. */
  totpRequired: 'TOTP_REQUIRED',
  invalidTotp: 'INVALID_TOTP',
  /** Production: the account must enrol a second factor before it can log in (`enrolTotp`). */
  totpEnrolmentRequired: 'TOTP_ENROLMENT_REQUIRED',
  invalidToken: 'INVALID_TOKEN',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  conflict: 'CONFLICT',
} as const;

/** The paging of every admin list: `page` from 1, `perPage` up to 200 (25 by default). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
});

/**
 * The sorting of an admin list: `sort` names one of the list's fields (any other is a 400), `order` is `asc` (by
 * default) or `desc`. Use it as `pageQuerySchema.extend(sortQuery(['title', 'startDate']))`.
 */
export const sortQuery = <const F extends readonly [string, ...string[]]>(fields: F) => ({
  sort: z.enum(fields).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** A page of a list: its items, how many there are in all, and which page this is. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    perPage: z.number().int().positive(),
  });

/** A free-text search of a list (`q`), trimmed; empty means none. */
export const searchTextSchema = textSchema.trim().max(200);

/**
 * Money in the admin contract: integer cents, named `…Cents` (docs/decisions/0136-admin-money-in-cents.md). Each
 * amount staff set is this field (never negative, at most 100,000 €); the back office shows and types euros and
 * converts with `@shop/shared/money` only. Its messages are field-error codes the back office translates.
 */
const maxAdminCents = 10_000_000;
export const centsSchema = z
  .number('whole_cents')
  .int('whole_cents')
  .min(0, 'not_negative')
  .max(maxAdminCents, 'too_large');
/** An amount that must be more than nothing (a fixed discount, a minimum order, a partial refund). */
export const positiveCentsSchema = centsSchema.min(1, 'positive');
/** Cents the API reports (what was charged, held, refunded); negative only on a cancellation invoice. */
export const centsValueSchema = z.number().int();

/** An instant as the admin API writes it: ISO-8601 UTC. */
export const instantSchema = z.iso.datetime();

/** A path id (`/courses/12`). */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
