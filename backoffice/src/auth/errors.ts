import { AdminError } from '../api/http.ts';
import { hasText } from '../i18n/i18nProvider.ts';

/** The text key of a failed call for the person at the screen: by the envelope's code, else by the status. */
export function errorTextKey(error: unknown): string {
  if (error instanceof AdminError) {
    const byCode = `bo.error.${error.code}`;
    if (hasText(byCode)) return byCode;
    if (error.status === 403) return 'bo.error.FORBIDDEN';
    if (error.status >= 500 || error.status === 0) return 'bo.error.server';
    return 'bo.error.generic';
  }
  return 'bo.error.network';
}

export { fieldErrorKey as fieldErrorText } from '../api/http.ts';
