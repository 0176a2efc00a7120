import { isIPv6 } from 'node:net';

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of an IPv6 address. One IPv6
 * subscriber is usually given a whole /64, so counting single addresses would let a client pick a fresh one
 * per request; an IPv4 address written in IPv6 form (::ffff:192.0.2.1) counts as that IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (…:192.0.2.1) lies in the interface half, which is dropped anyway.
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
