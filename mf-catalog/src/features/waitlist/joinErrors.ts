import { ApiError, WaitlistErrorCode, waitlistMaxEntriesPerAddress } from '@shop/shared';

/** The translation key (and values) telling the visitor why joining the waitlist failed. */
export function joinErrorMessage(error: unknown): { key: string; values?: Record<string, number> } {
  if (!(error instanceof ApiError)) return { key: 'catalog.waitlist.errors.generic' };
  if (error.status === 429) return { key: 'catalog.waitlist.errors.tooMany' };
  switch (error.code) {
    case WaitlistErrorCode.limitReached:
      return { key: 'catalog.waitlist.errors.limit', values: { max: waitlistMaxEntriesPerAddress } };
    case WaitlistErrorCode.notFull:
      return { key: 'catalog.waitlist.errors.notFull' };
    case WaitlistErrorCode.closed:
      return { key: 'catalog.waitlist.errors.closed' };
    default:
      return error.fields?.email
        ? { key: 'catalog.waitlist.errors.email' }
        : { key: 'catalog.waitlist.errors.generic' };
  }
}
