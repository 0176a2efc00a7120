import { describe, expect, it } from 'vitest';
import { toContractTexts } from './texts.ts';

describe('toContractTexts', () => {
  it('leaves out empty texts, titles included, so the browser falls back to German instead of showing nothing', () => {
    const texts = toContractTexts([
      { language: 'en', title: '', pretitle: '', short: 'Evening course' },
      { language: 'de', title: 'Abendkurs', pretitle: '8 Wochen', short: 'Abends' },
    ]);
    expect(texts.titles).toEqual([{ language: 'de', description: 'Abendkurs' }]);
    expect(texts.descriptions).toEqual([
      { language: 'de', type: 'pretitle', description: '8 Wochen' },
      { language: 'de', type: 'short', description: 'Abends' },
      { language: 'en', type: 'short', description: 'Evening course' },
    ]);
  });
});
