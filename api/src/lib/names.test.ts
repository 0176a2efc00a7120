import { describe, expect, it } from 'vitest';
import { countryName, timeZoneInWords } from './names.ts';

describe('names in words for mails', () => {
  it('names countries in the mail language', () => {
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('AT', 'es')).toBe('Austria');
    expect(countryName('CH', 'en')).toBe('Switzerland');
  });

  it('names the shop time zone the same in winter and summer', () => {
    const winter = new Date('2026-12-08T12:00:00Z');
    const summer = new Date('2027-06-08T12:00:00Z');
    expect(timeZoneInWords('Europe/Berlin', 'de', winter)).toBe('Mitteleuropäische Zeit (MEZ)');
    expect(timeZoneInWords('Europe/Berlin', 'de', summer)).toBe('Mitteleuropäische Zeit (MEZ)');
    expect(timeZoneInWords('Europe/Berlin', 'es', winter)).toBe('hora de Europa central (CET)');
    expect(timeZoneInWords('Europe/Berlin', 'en', winter)).toBe('Central European Time');
  });
});
