import { describe, expect, it } from 'vitest';
import { originsFromEnv, parseOrigins, securityHeaders } from './index.js';

describe('parseOrigins', () => {
  it('normalises each entry to its origin and rejects what is not http(s)', () => {
    expect(parseOrigins(' https://partner.example/path , http://localhost:5180 ', 'X')).toEqual(['https://partner.example', 'http://localhost:5180']);
    expect(parseOrigins(undefined, 'X')).toEqual([]);
    expect(() => parseOrigins('partner.example', 'PARTNER_ORIGINS')).toThrow(/PARTNER_ORIGINS/);
    expect(() => parseOrigins('ftp://partner.example', 'X')).toThrow(/http/);
  });
});

describe('securityHeaders', () => {
  it('lets only the server itself, the shop and the partners frame a page; nosniff; strict referrer', () => {
    const headers = securityHeaders(originsFromEnv({ SHOP_URL: 'https://shop.example/', PARTNER_ORIGINS: 'https://partner.example' }));
    expect(headers).toEqual({
      'Content-Security-Policy': "frame-ancestors 'self' https://shop.example https://partner.example; base-uri 'self'; object-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    });
  });

  it('defaults to the local shop and no partner', () => {
    expect(securityHeaders(originsFromEnv({}))['Content-Security-Policy']).toMatch(/^frame-ancestors 'self' http:\/\/localhost:5173;/);
  });
});
