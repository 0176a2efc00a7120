import { isIPv6 } from 'node:net';

/**
 * The key a client is counted under: its IPv4 address, or the /56 network of an IPv6 address. One IPv6
 * subscriber is given at least a /64 and often a /56 or a /48 (RFC 6177), so counting single addresses, or
 * even single /64 networks, would let one client pick a fresh key per request (256 of them in a /56); an
 * IPv4 address written in IPv6 form (::ffff:192.0.2.1) counts as that IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip.toLowerCase().replace(/%.*$/, ''));
  const [a, b, c, d] = groups.slice(0, 4).map((group) => parseInt(group, 16));
  return `${[a, b, c, d! & 0xff00].map((group) => group!.toString(16)).join(':')}::/56`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone index removed), as hex strings. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const halves = [head, tail].map((half) => {
    const parts = half ? half.split(':') : [];
    const last = parts.at(-1);
    // An embedded IPv4 tail (…:192.0.2.1) is two groups.
    if (last?.includes('.')) {
      const [w = 0, x = 0, y = 0, z = 0] = last.split('.').map(Number);
      parts.splice(-1, 1, ((w << 8) | x).toString(16), ((y << 8) | z).toString(16));
    }
    return parts;
  });
  const [left = [], right = []] = halves;
  return ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
}
