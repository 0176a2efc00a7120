import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it('counts an IPv4 client by its address, also when written as IPv6', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:0:1::/64';
    expect(clientKey('2001:db8:0:1::1')).toBe(key);
    expect(clientKey('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:db8:0:1:0:0:0:2')).toBe(key);
    expect(clientKey('2001:db8::1:2:3')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:0:2::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
