import { describe, expect, it } from 'vitest';
import { backofficeUrlFromEnv, defaultBackofficeUrl } from './config.ts';

describe('backofficeUrlFromEnv', () => {
  it('defaults to the local back office and drops a trailing slash', () => {
    expect(backofficeUrlFromEnv({})).toBe(defaultBackofficeUrl);
    expect(backofficeUrlFromEnv({ BACKOFFICE_URL: ' ' })).toBe(defaultBackofficeUrl);
    expect(backofficeUrlFromEnv({ BACKOFFICE_URL: ' https://staff.kurse.example/ ' })).toBe(
      'https://staff.kurse.example',
    );
  });
  it('refuses an address that is no http(s) URL, naming the variable', () => {
    expect(() => backofficeUrlFromEnv({ BACKOFFICE_URL: 'staff.kurse.example' })).toThrow(
      'BACKOFFICE_URL must start with http:// or https://',
    );
    expect(() => backofficeUrlFromEnv({ BACKOFFICE_URL: 'https://' })).toThrow(/BACKOFFICE_URL/);
  });
});
