import { ApiError, CustomerErrorCode } from '@shop/shared';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * The contract's validation messages are codes (`phone`, `password_weak`…): shown translated, with a generic
 * text for anything without its own (e.g. a type error).
 */
export function validationText(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return t(`account.validation.${code}`, { defaultValue: t('account.validation.invalid') });
}

/** Field errors the server sent (400 VALIDATION_ERROR and the like) onto the form's fields; returns whether any. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}

export const isTooManyRequests = (error: unknown) =>
  error instanceof ApiError && error.code === CustomerErrorCode.tooManyRequests;
export const hasCode = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

/**
 * The server refused a mailed link (verification, reset): used or expired (INVALID_TOKEN), or damaged on the way, so
 * that its token or address is no valid value (400 on `token` or `email`). Either way the spec's invalid link.
 */
export const isInvalidLink = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === CustomerErrorCode.invalidToken ||
    (error.fields !== undefined && ('token' in error.fields || 'email' in error.fields)));
