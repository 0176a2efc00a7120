import { createHash } from 'node:crypto';
import type { RateLimit } from '../../rate-limit/route-limits.ts';

/**
 * Result mails to one inbox (docs/product-rules.md#mail-limits-per-inbox). The per-client limit alone let every
 * further machine (or IPv6 network) send its 20 an hour to the same address. A counter per address would keep the
 * address, which the page promises not to do; so the count is per bucket: 4,096 buckets by the first 12 bits of
 * the address's SHA-256. A bucket stands for one in 4,096 of all addresses, so its counter tells nobody whose
 * address it was, yet one inbox gets at most `max` result mails an hour, from however many clients.
 * Addresses in one bucket share its count: at the few result mails a day the school sends, a real visitor meets a
 * full bucket only while someone floods another address of it, for that hour.
 */
export const resultMailAddressLimit: RateLimit = { max: 5, timeWindowMs: 60 * 60 * 1000 };

/** The bucket of an address (already normalised by the contract): `0` to `4095`. */
export function resultMailBucket(email: string): string {
  const [high = 0, low = 0] = createHash('sha256').update(email).digest();
  return String((high << 4) | (low >> 4));
}
