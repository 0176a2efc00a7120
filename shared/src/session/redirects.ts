import type { Customer } from '../contract/index.ts';

/** Where a visitor goes after login when nothing else is asked for (docs/product-rules.md#screens Login). */
export const defaultLoginTarget = '/account-data';

/**
 * Pages an unverified customer may stay on (docs/product-rules.md#states Login state: verify-email, login and register
 * pages), the withdrawal function, which the law wants reachable from every page for everybody
 * (docs/withdrawal-rules.md): a buyer who registered after ordering must not have to confirm an address first, and the
 * undo of an e-mail change (docs/decisions/0068-undo-an-email-change.md): its link reaches the owner of an account
 * taken over, who may open it in a browser with an unconfirmed session (their own, never confirmed, or the thief's).
 */
export const unverifiedAllowedPaths: readonly string[] = [
  '/verify-email',
  '/verify-email-waiting',
  '/verify-email-change',
  '/login',
  '/register',
  '/withdrawal',
  '/withdrawal-confirm',
  '/undo-email-change',
  // A guest's privacy request and its mailed link, and where a deleted account lands (docs/privacy.md).
  '/privacy-request',
  '/privacy-request-confirm',
  '/account-deleted',
];

/** Router state a protected page leaves for /login, so login can send the visitor back (docs/product-rules.md#screens "origin state"). */
export interface LoginOriginState {
  from: string;
}

/** An origin of no real site, to see where a path leads the way the browser will read it. */
const probeOrigin = 'https://shop.invalid';

/**
 * A local path to go to after login, from the `redirect` query or the origin state. Anything that is not a
 * path on this site (`//evil.example`, `https://…`, `javascript:`) is ignored: open redirects are a phishing aid.
 * Judged as the browser reads it: the URL parser drops tabs and line breaks and reads `\` as `/`, so
 * `?redirect=/%09/evil.example` ("/\t/evil.example") is https://evil.example/, which `navigate` hands to
 * `history.replaceState` (it throws) or, for a push, to `location.assign`. The path comes back as the browser will
 * show it.
 */
export function safeRedirectTarget(candidate: unknown, fallback = defaultLoginTarget): string {
  if (typeof candidate !== 'string') return fallback;
  const value = candidate.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  let url: URL;
  try {
    url = new URL(value, `${probeOrigin}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The waiting page for an unverified customer, remembering where they were (docs/product-rules.md#screens, #states). */
export function verifyEmailWaitingPath(redirect: string, email: string): string {
  return `/verify-email-waiting?${new URLSearchParams({ redirect, email }).toString()}`;
}

/**
 * Where an unverified, logged-in customer must go instead of `pathname`, or null when they may stay
 * (verified, not loaded yet, or on one of the allowed pages).
 */
export function unverifiedRedirect(
  location: { pathname: string; search: string },
  customer: Customer | null,
): string | null {
  if (!customer || customer.isEmailVerified) return null;
  if (unverifiedAllowedPaths.includes(location.pathname)) return null;
  return verifyEmailWaitingPath(`${location.pathname}${location.search}`, customer.email);
}
