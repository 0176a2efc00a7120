import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it('counts an IPv4 client by its address, also when written as IPv6', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts an IPv6 client by its /56, however the address is written', () => {
    const key = '2001:db8:0:100::/56';
    expect(clientKey('2001:db8:0:100::1')).toBe(key);
    expect(clientKey('2001:0DB8:0000:0100:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:db8:0:100:0:0:0:2')).toBe(key);
    expect(clientKey('2001:db8::1:2:3')).toBe('2001:db8:0:0::/56');
    expect(clientKey('::1')).toBe('0:0:0:0::/56');
  });

  it('gives every /64 of one subscriber’s /56 the same key, and the next /56 another', () => {
    const key = clientKey('2001:db8:0:100::1');
    // the 256 /64 networks 2001:db8:0:100::/64 … 2001:db8:0:1ff::/64
    for (const network of ['101', '1ab', '1ff']) expect(clientKey(`2001:db8:0:${network}::7`), network).toBe(key);
    expect(clientKey('2001:db8:0:1ff:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:db8:0:200::1')).not.toBe(key);
    expect(clientKey('2001:db8:0:ff::1')).not.toBe(key);
    expect(clientKey('2001:db8:1:100::1')).not.toBe(key);
  });

  it('reads an IPv4 tail as two groups when it finds where the zeros of :: end', () => {
    // 1::200:3:4:1.2.3.4 is 1:0:0:200:3:4:102:304, whose /56 is 1:0:0:200::/56
    expect(clientKey('1::200:3:4:1.2.3.4')).toBe(clientKey('1:0:0:200:3:4:102:304'));
    expect(clientKey('1::200:3:4:1.2.3.4')).toBe('1:0:0:200::/56');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/56');
  });

  it('drops a zone index', () => {
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/56');
  });
});
