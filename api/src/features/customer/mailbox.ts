/** Providers known to ignore dots in the local part, with the domain their aliases deliver to. */
const dotlessDomains: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The inbox an address delivers to, as far as the shop can tell, for the per-address rate limits
 * (docs/product-rules.md#mail-limits-per-inbox): without a `+tag` (nearly every provider delivers `anna+1@` to
 * `anna@`), and for Gmail without dots. So `anna+1@…`, `anna+2@…` and `a.nna@gmail.com` share one count and one
 * inbox cannot be flooded through its aliases. Also what once-per-customer discount codes and the caps on places held
 * unpaid count a buyer by (docs/decisions/0084-smaller-holes.md). Only a key: the address itself is used as given.
 * Trims and lower-cases first, as the contract normalises addresses.
 */
export function mailboxKey(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const domain = email.slice(at + 1);
  let local = email.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = dotlessDomains[domain];
  return dotless ? `${local.replaceAll('.', '')}@${dotless}` : `${local}@${domain}`;
}
