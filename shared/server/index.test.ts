import { describe, expect, it } from 'vitest';
import { forwardedFor, isLoopbackAddress, originsFromEnv, parseOrigins, securityHeaders } from './index.js';

describe('parseOrigins', () => {
  it('normalises each entry to its origin and rejects what is not http(s)', () => {
    expect(parseOrigins(' https://partner.example/path , http://localhost:5180 ', 'X')).toEqual([
      'https://partner.example',
      'http://localhost:5180',
    ]);
    expect(parseOrigins(undefined, 'X')).toEqual([]);
    expect(() => parseOrigins('partner.example', 'PARTNER_ORIGINS')).toThrow(/PARTNER_ORIGINS/);
    expect(() => parseOrigins('ftp://partner.example', 'X')).toThrow(/http/);
  });
});

describe('securityHeaders', () => {
  it('lets only the server itself, the shop and the partners frame a page; nosniff; strict referrer', () => {
    const headers = securityHeaders(
      originsFromEnv({ SHOP_URL: 'https://shop.example/', PARTNER_ORIGINS: 'https://partner.example' }),
    );
    expect(headers).toEqual({
      'Content-Security-Policy':
        "frame-ancestors 'self' https://shop.example https://partner.example; base-uri 'self'; object-src 'none'",
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    });
  });

  it('defaults to the local shop and no partner', () => {
    expect(securityHeaders(originsFromEnv({}))['Content-Security-Policy']).toMatch(
      /^frame-ancestors 'self' http:\/\/localhost:5173;/,
    );
  });
});

describe('isLoopbackAddress', () => {
  it('knows 127.0.0.0/8 and ::1, also IPv4-mapped, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [
      undefined,
      '',
      '10.0.0.1',
      '128.0.0.1',
      '::ffff:10.0.0.1',
      '2001:db8::1',
      '127.0.0.1.evil',
      '0.0.0.0',
    ])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});

describe('forwardedFor', () => {
  it('names clients from elsewhere, behind what they sent themselves, and leaves this machine alone', () => {
    expect(forwardedFor('203.0.113.5', undefined)).toBe('203.0.113.5');
    expect(forwardedFor('::ffff:203.0.113.5', '127.0.0.1')).toBe('127.0.0.1, ::ffff:203.0.113.5');
    expect(forwardedFor('203.0.113.5', ['10.0.0.1', '10.0.0.2'])).toBe('10.0.0.1, 10.0.0.2, 203.0.113.5');
    expect(forwardedFor('127.0.0.1', undefined)).toBeNull();
    expect(forwardedFor('::1', '198.51.100.7')).toBeNull();
  });
});
