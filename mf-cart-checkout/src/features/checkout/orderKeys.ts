import { readStorage, writeStorage } from '@shop/shared';

/**
 * The keys the submit answered for the orders this browser placed (docs/product-rules.md#the-confirmations-price-list):
 * with its key, a paid order's confirmation lists its prices; without it (another browser, a link passed on) the
 * page confirms the order and leaves the list to the confirmation mail. localStorage, because the buyer comes back
 * from the payment provider with a fresh page load, perhaps in another tab; only the newest few are kept.
 */
export const orderKeysStorageKey = 'checkout:orderKeys';
const kept = 5;

interface OrderKeyEntry {
  orderId: string;
  orderKey: string;
}

const isEntry = (value: unknown): value is OrderKeyEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OrderKeyEntry).orderId === 'string' &&
  typeof (value as OrderKeyEntry).orderKey === 'string';

/** Storage failures are only logged (readStorage, writeStorage): without its key a confirmation lacks its list. */
function read(): OrderKeyEntry[] {
  try {
    const stored: unknown = JSON.parse(readStorage('local', orderKeysStorageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isEntry) : [];
  } catch {
    return [];
  }
}

export function rememberOrderKey(orderId: string, orderKey: string): void {
  const keys = [{ orderId, orderKey }, ...read().filter((entry) => entry.orderId !== orderId)].slice(0, kept);
  writeStorage('local', orderKeysStorageKey, JSON.stringify(keys));
}

export function orderKeyOf(orderId: string): string | undefined {
  return read().find((entry) => entry.orderId === orderId)?.orderKey;
}
