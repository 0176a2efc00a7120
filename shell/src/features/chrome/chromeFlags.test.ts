import { describe, expect, it } from 'vitest';
import { readChromeFlags } from './chromeFlags.ts';

describe('readChromeFlags', () => {
  it('hides only on the literal value true', () => {
    expect(readChromeFlags('?hideHeader=true&hideFooter=true')).toEqual({ hideHeader: true, hideFooter: true });
    expect(readChromeFlags('?hideHeader=1&hideFooter=TRUE')).toEqual({ hideHeader: false, hideFooter: false });
    expect(readChromeFlags('')).toEqual({ hideHeader: false, hideFooter: false });
  });
});
