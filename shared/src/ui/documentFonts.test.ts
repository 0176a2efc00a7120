import { describe, expect, it } from 'vitest';
import { faceRules } from './documentFonts.ts';
import { fontCss } from './font.ts';
import { tokensCss } from './tokens.ts';

describe('the shop faces for a shadow root', () => {
  it('reads every @font-face of the shop CSS with its source and descriptors', () => {
    const rules = faceRules(`${fontCss}\n${tokensCss}`);
    expect(rules.map((rule) => rule.family)).toEqual([
      'Figtree',
      'Figtree Fallback',
      'Figtree Fallback',
      'Figtree Fallback DejaVu',
      'Figtree Fallback DejaVu',
    ]);
    const [figtree, fallback] = rules;
    expect(figtree!.source).toMatch(/^url\(.+\.woff2.*\) format\("woff2"\)$/);
    expect(figtree!.descriptors).toMatchObject({ style: 'normal', display: 'swap', weight: '300 900' });
    expect(figtree!.descriptors.unicodeRange).toMatch(/^U\+0000-00FF/);
    expect(fallback!.source).toMatch(/^local\("Arial"\)/);
    expect(fallback!.descriptors).toMatchObject({ weight: '100 549', sizeAdjust: '98.9%', lineGapOverride: '0%' });
  });
});
