import { describe, expect, it } from 'vitest';
import type { Customer } from '../contract/index.ts';
import { safeRedirectTarget, unverifiedRedirect, verifyEmailWaitingPath } from './redirects.ts';

const customer = (isEmailVerified: boolean) => ({ email: 'anna@example.org', isEmailVerified }) as Customer;

describe('safeRedirectTarget', () => {
  it('keeps local paths with their query', () => {
    expect(safeRedirectTarget('/checkout')).toBe('/checkout');
    expect(safeRedirectTarget('/courses?courseType=1')).toBe('/courses?courseType=1');
  });
  it('falls back to /account-data for nothing, other sites and script URLs', () => {
    for (const value of [
      undefined,
      null,
      '',
      'checkout',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      42,
    ]) {
      expect(safeRedirectTarget(value)).toBe('/account-data');
    }
  });
});

describe('safeRedirectTarget and what the browser makes of a path', () => {
  it('falls back for a path the URL parser reads as another site (it drops tabs and line breaks)', () => {
    // ?redirect=/%09/evil.example arrives as "/\t/evil.example": history.replaceState (navigate) resolves it to
    // https://evil.example/ and throws, a push falls back to location.assign and goes there.
    for (const value of ['/\t/evil.example', '/\n/evil.example', '/\r\n\\evil.example', '/\t\\evil.example']) {
      expect(new URL(value, 'https://shop.example/login').origin, JSON.stringify(value)).not.toBe(
        'https://shop.example',
      );
      expect(safeRedirectTarget(value), JSON.stringify(value)).toBe('/account-data');
    }
  });

  it('keeps what stays on this site as the browser will read it', () => {
    expect(safeRedirectTarget('/level-test/complete')).toBe('/level-test/complete');
    expect(safeRedirectTarget('/courses?preSelectedTags=a1&courseType=1#list')).toBe(
      '/courses?preSelectedTags=a1&courseType=1#list',
    );
    expect(safeRedirectTarget('/checkout-complete/100023/anna%40example.org')).toBe(
      '/checkout-complete/100023/anna%40example.org',
    );
  });
});

describe('unverifiedRedirect', () => {
  it('sends an unverified customer to the waiting page with the origin and address', () => {
    expect(unverifiedRedirect({ pathname: '/courses', search: '?courseType=1' }, customer(false))).toBe(
      '/verify-email-waiting?redirect=%2Fcourses%3FcourseType%3D1&email=anna%40example.org',
    );
    expect(verifyEmailWaitingPath('/checkout', 'a@b.c')).toBe(
      '/verify-email-waiting?redirect=%2Fcheckout&email=a%40b.c',
    );
  });
  it('lets them stay on the verification, login and register pages', () => {
    for (const pathname of ['/verify-email', '/verify-email-waiting', '/verify-email-change', '/login', '/register']) {
      expect(unverifiedRedirect({ pathname, search: '' }, customer(false))).toBeNull();
    }
  });
  it('lets them withdraw from a contract: the withdrawal function is open to everybody from every page', () => {
    for (const pathname of ['/withdrawal', '/withdrawal-confirm']) {
      expect(unverifiedRedirect({ pathname, search: '?token=x' }, customer(false))).toBeNull();
    }
  });
  it('lets them undo an e-mail change: the link to the former address must work in a browser with an unverified session', () => {
    // docs/decisions/0068-undo-an-email-change.md: the owner of a stolen account opens the undo link, maybe in the
    // browser where they registered and never confirmed, or where the thief's session still shows an unconfirmed address.
    expect(
      unverifiedRedirect(
        { pathname: '/undo-email-change', search: '?token=abc&email=anna%40example.org' },
        customer(false),
      ),
    ).toBeNull();
  });
  it('leaves verified customers and visitors alone', () => {
    expect(unverifiedRedirect({ pathname: '/courses', search: '' }, customer(true))).toBeNull();
    expect(unverifiedRedirect({ pathname: '/courses', search: '' }, null)).toBeNull();
  });
});
