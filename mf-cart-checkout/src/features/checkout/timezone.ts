import { fallbackTimeZone } from '@shop/shared';

/** The browser's time zone (docs/product-rules.md#states Checkout submit), Europe/Berlin when it names none or the API is missing. */
export function detectTimeZone(intl: Pick<typeof Intl, 'DateTimeFormat'> | null = globalThis.Intl ?? null): string {
  try {
    const zone = intl?.DateTimeFormat().resolvedOptions().timeZone;
    return zone && /^[A-Za-z0-9_+\-/]+$/.test(zone) && zone.length <= 64 ? zone : fallbackTimeZone;
  } catch {
    return fallbackTimeZone;
  }
}
