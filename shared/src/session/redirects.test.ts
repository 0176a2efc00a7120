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
  it('leaves verified customers and visitors alone', () => {
    expect(unverifiedRedirect({ pathname: '/courses', search: '' }, customer(true))).toBeNull();
    expect(unverifiedRedirect({ pathname: '/courses', search: '' }, null)).toBeNull();
  });
});
