/** Whether `value` is an absolute https:// URL (the shop's address in production, Mollie's endpoint). */
export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
