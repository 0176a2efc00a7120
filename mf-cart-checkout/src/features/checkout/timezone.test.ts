import { describe, expect, it } from 'vitest';
import { detectTimeZone } from './timezone.ts';

const intlWith = (timeZone: string | undefined) => ({
  DateTimeFormat: (() => ({ resolvedOptions: () => ({ timeZone }) })) as unknown as typeof Intl.DateTimeFormat,
});

describe('detectTimeZone', () => {
  it('takes the browser time zone', () => expect(detectTimeZone(intlWith('America/Bogota'))).toBe('America/Bogota'));
  it('falls back to Europe/Berlin without one, without Intl or when it throws', () => {
    expect(detectTimeZone(intlWith(undefined))).toBe('Europe/Berlin');
    expect(detectTimeZone(null)).toBe('Europe/Berlin');
    expect(
      detectTimeZone({
        DateTimeFormat: (() => {
          throw new Error('no');
        }) as unknown as typeof Intl.DateTimeFormat,
      }),
    ).toBe('Europe/Berlin');
  });
});
