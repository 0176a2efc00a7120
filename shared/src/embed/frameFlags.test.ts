import { beforeEach, describe, expect, it } from 'vitest';
import {
  captureFrameFlags,
  frameFlags,
  frameFlagsStorageKey,
  readFrameFlags,
  resetFrameFlagsForTest,
} from './frameFlags.ts';

beforeEach(() => {
  sessionStorage.clear();
  resetFrameFlagsForTest();
});

describe('readFrameFlags', () => {
  it('hides only on the literal value true', () => {
    expect(readFrameFlags('?hideHeader=true&hideFooter=true&hideFilter=true')).toEqual({
      hideHeader: true,
      hideFooter: true,
      hideFilter: true,
    });
    expect(readFrameFlags('?hideHeader=1&hideFooter=TRUE&hideFilter=yes')).toEqual({
      hideHeader: false,
      hideFooter: false,
      hideFilter: false,
    });
    expect(readFrameFlags('')).toEqual({ hideHeader: false, hideFooter: false, hideFilter: false });
  });
});

describe('captureFrameFlags', () => {
  it('keeps the landing flags for the visit, whatever the address says later', () => {
    captureFrameFlags('?hideFilter=true', false);
    expect(captureFrameFlags('', false)).toEqual({ hideHeader: false, hideFooter: false, hideFilter: true });
    expect(frameFlags().hideFilter).toBe(true);
  });

  it('in a frame, keeps them across reloads and full navigations of the frame', () => {
    captureFrameFlags('?hideHeader=true&hideFooter=true', true);
    resetFrameFlagsForTest(); // a new page load in the same frame, without the query
    expect(captureFrameFlags('?hideFilter=true', true)).toEqual({
      hideHeader: true,
      hideFooter: true,
      hideFilter: true,
    });
    expect(JSON.parse(sessionStorage.getItem(frameFlagsStorageKey)!)).toEqual({
      hideHeader: true,
      hideFooter: true,
      hideFilter: true,
    });
  });

  it('outside a frame, ignores what a frame stored, and a broken stored value is ignored', () => {
    sessionStorage.setItem(
      frameFlagsStorageKey,
      JSON.stringify({ hideHeader: true, hideFooter: true, hideFilter: true }),
    );
    expect(captureFrameFlags('', false)).toEqual({ hideHeader: false, hideFooter: false, hideFilter: false });
    resetFrameFlagsForTest();
    sessionStorage.setItem(frameFlagsStorageKey, '{not json');
    expect(captureFrameFlags('?hideHeader=true', true)).toEqual({
      hideHeader: true,
      hideFooter: false,
      hideFilter: false,
    });
  });
});
