import { describe, expect, it } from 'vitest';
import { offeredLanguage, pickLanguage } from './detection.ts';

describe('offeredLanguage (the injection filter)', () => {
  it('accepts plain tags of the offered languages, region or not', () => {
    expect(offeredLanguage('de')).toBe('de');
    expect(offeredLanguage('en-US')).toBe('en');
    expect(offeredLanguage('ES')).toBe('es');
    expect(offeredLanguage('es-419')).toBe('es');
    expect(offeredLanguage('de_AT')).toBe('de');
  });

  it('ignores other languages', () => {
    for (const value of ['fr', 'fr-FR', 'it', 'pt-BR', 'deu', 'x']) expect(offeredLanguage(value), value).toBeNull();
  });

  it('ignores anything that looks like markup or script, even when it starts with an offered language', () => {
    for (const value of [
      '<script>alert(1)</script>',
      'de<script>alert(1)</script>',
      'de" onmouseover="alert(1)',
      "en'><img src=x onerror=alert(1)>",
      'javascript:alert(1)',
      'es;alert(1)',
      'de/../../etc',
      ' de',
      'de ',
      '__proto__',
      'de-' + 'x'.repeat(40),
      '',
      null,
      undefined,
      42,
      ['de'],
    ]) {
      expect(offeredLanguage(value), String(value)).toBeNull();
    }
  });
});

describe('pickLanguage (detection order: stored, browser, page tag)', () => {
  it('takes the stored preference first', () => {
    expect(pickLanguage(['es', 'en-US', 'de'])).toBe('es');
  });

  it('falls through to the browser language when nothing usable is stored', () => {
    expect(pickLanguage([undefined, 'en-US', 'de'])).toBe('en');
    expect(pickLanguage(['<script>alert(1)</script>', 'en-US', 'de'])).toBe('en');
    expect(pickLanguage(['fr', 'fr-FR', 'es-ES', 'de'])).toBe('es');
  });

  it('falls through to the page language tag, then German', () => {
    expect(pickLanguage(['it', 'pt', 'en'])).toBe('en');
    expect(pickLanguage(['it', 'pt-BR'])).toBe('de');
    expect(pickLanguage([])).toBe('de');
  });
});
