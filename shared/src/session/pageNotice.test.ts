import { describe, expect, it } from 'vitest';
import { pageNoticeOf, pageNoticeState } from './pageNotice.ts';

describe('page notices', () => {
  it('reads back the notice a navigation carried, and nothing else', () => {
    expect(pageNoticeOf(pageNoticeState('loggedOut'))).toBe('loggedOut');
    expect(pageNoticeOf({ pageNotice: 'somethingElse' })).toBeNull();
    expect(pageNoticeOf(null)).toBeNull();
    expect(pageNoticeOf({ from: '/account-data' })).toBeNull();
  });
});
