// @vitest-environment-options {"url": "https://shop.example.com/courses"}
import { afterEach, describe, expect, it } from 'vitest';
import { cookieDomains, deleteTrackingCookies } from './trackingCookies.ts';

const names = () =>
  document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter(Boolean)
    .sort();
const set = (cookie: string) => (document.cookie = `${cookie}; Path=/`);

afterEach(() => {
  for (const name of names()) {
    for (const domain of ['', '; Domain=shop.example.com', '; Domain=example.com'])
      document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/${domain}`;
  }
});

describe('deleteTrackingCookies', () => {
  it("deletes a withdrawn purpose's cookies on the shop's host and its parent domain, and nothing else", () => {
    expect(window.location.hostname).toBe('shop.example.com');
    // Google Analytics writes to the highest domain it may (cookie_domain "auto"): example.com for shop.example.com.
    set('_ga=GA1.1.123.456; Domain=example.com');
    set('_ga_AB12CD34=GS1.1.789; Domain=example.com');
    set('_gid=GA1.1.42; Domain=shop.example.com');
    set('_gat_UA-1=1');
    set('_gcl_au=1.1.99; Domain=example.com');
    set('shop_session_hint=1');
    set('_garden=not-google');

    expect(deleteTrackingCookies(['analytics']).sort()).toEqual(['_ga', '_ga_AB12CD34', '_gat_UA-1', '_gid']);
    expect(names()).toEqual(['_garden', '_gcl_au', 'shop_session_hint']);

    expect(deleteTrackingCookies(['marketing'])).toEqual(['_gcl_au']);
    expect(names()).toEqual(['_garden', 'shop_session_hint']);
  });

  it('deletes nothing when no purpose is withdrawn', () => {
    set('_ga=GA1.1.1');
    expect(deleteTrackingCookies([])).toEqual([]);
    expect(names()).toEqual(['_ga']);
  });
});

describe('cookieDomains', () => {
  it('names the host and each parent domain, never a bare top-level domain, an IP address or a one-label host', () => {
    expect(cookieDomains('shop.example.com')).toEqual(['shop.example.com', 'example.com']);
    expect(cookieDomains('www.shop.example.co.uk')).toEqual([
      'www.shop.example.co.uk',
      'shop.example.co.uk',
      'example.co.uk',
      // A public suffix: the browser refuses a cookie for it, so naming it costs nothing.
      'co.uk',
    ]);
    expect(cookieDomains('localhost')).toEqual([]);
    expect(cookieDomains('127.0.0.1')).toEqual([]);
    expect(cookieDomains('[::1]')).toEqual([]);
  });
});
