/**
 * Global query parameters of spec §2 that hide parts of the frame (`hideHeader=true`, `hideFooter=true`).
 * Read once from the landing URL and kept for the visit, so they stay in force while the visitor navigates
 * inside an embedding frame.
 */
export interface ChromeFlags {
  hideHeader: boolean;
  hideFooter: boolean;
}

export function readChromeFlags(search: string): ChromeFlags {
  const query = new URLSearchParams(search);
  return { hideHeader: query.get('hideHeader') === 'true', hideFooter: query.get('hideFooter') === 'true' };
}

export const chromeFlags: ChromeFlags = readChromeFlags(typeof location === 'undefined' ? '' : location.search);
