import { ApiError, WaitlistErrorCode } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { joinErrorMessage } from './joinErrors.ts';

const failure = (status: number, code: string, fields?: Record<string, string>) =>
  new ApiError('Failed to join the waitlist', status, { error: { code, message: 'x', ...(fields ? { fields } : {}) } });

describe('joinErrorMessage', () => {
  it('names the cap, a course with places again, a closed course, the rate limit and a bad address', () => {
    expect(joinErrorMessage(failure(409, WaitlistErrorCode.limitReached))).toEqual({
      key: 'catalog.waitlist.errors.limit',
      values: { max: 5 },
    });
    expect(joinErrorMessage(failure(409, WaitlistErrorCode.notFull)).key).toBe('catalog.waitlist.errors.notFull');
    expect(joinErrorMessage(failure(409, WaitlistErrorCode.closed)).key).toBe('catalog.waitlist.errors.closed');
    expect(joinErrorMessage(failure(429, 'TOO_MANY_REQUESTS')).key).toBe('catalog.waitlist.errors.tooMany');
    expect(joinErrorMessage(failure(400, 'VALIDATION_ERROR', { email: 'Invalid email' })).key).toBe(
      'catalog.waitlist.errors.email',
    );
  });

  it('falls back to a general message for anything else', () => {
    expect(joinErrorMessage(new Error('offline')).key).toBe('catalog.waitlist.errors.generic');
    expect(joinErrorMessage(failure(500, 'INTERNAL')).key).toBe('catalog.waitlist.errors.generic');
  });
});
