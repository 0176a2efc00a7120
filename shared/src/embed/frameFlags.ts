import { readStorage, writeStorage } from '../stores/safeStorage.ts';

/**
 * The global query parameters of docs/product-rules.md#screens that hide parts of the page: `hideHeader=true`, `hideFooter=true`,
 * `hideFilter=true` (only the literal value `true` counts). A partner frames the shop with them once, in the
 * frame's `src`; they must then hold for the whole visit inside the frame, although links inside the shop
 * do not carry them along. So they are captured once at start (before anything rewrites the address):
 * - from the landing URL, for every page load;
 * - when the page is framed, also kept in sessionStorage (which a same-origin frame keeps across its own
 *   reloads and full-page navigations, e.g. back from the payment page) and merged on the next start.
 * A top-level visit ignores what a frame stored, so opening the shop directly always shows the full page.
 */
export interface FrameFlags {
  hideHeader: boolean;
  hideFooter: boolean;
  hideFilter: boolean;
}

const flagNames = ['hideHeader', 'hideFooter', 'hideFilter'] as const;
export const frameFlagsStorageKey = 'shop:frameFlags';

export function readFrameFlags(search: string): FrameFlags {
  const query = new URLSearchParams(search);
  return Object.fromEntries(flagNames.map((name) => [name, query.get(name) === 'true'])) as unknown as FrameFlags;
}

function parseStored(value: string | null): Partial<FrameFlags> {
  try {
    const parsed: unknown = value ? JSON.parse(value) : {};
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(flagNames.map((name) => [name, (parsed as Record<string, unknown>)[name] === true]));
  } catch {
    return {};
  }
}

/** Whether this window is shown inside a frame (a cross-origin parent may forbid even asking: then it is). */
export function isFramed(self: Window = window): boolean {
  try {
    return self.parent !== self;
  } catch {
    return true;
  }
}

let captured: FrameFlags | null = null;

/**
 * Reads the flags of this page load (idempotent: the first call wins). The shell and a standalone remote
 * call it before the router starts; `frameFlags()` reads them later from any area.
 */
export function captureFrameFlags(
  search: string = globalThis.location?.search ?? '',
  framed: boolean = typeof window !== 'undefined' && isFramed(),
): FrameFlags {
  if (captured) return captured;
  const fromUrl = readFrameFlags(search);
  if (!framed) return (captured = fromUrl);
  const stored = parseStored(readStorage('session', frameFlagsStorageKey));
  captured = Object.fromEntries(
    flagNames.map((name) => [name, fromUrl[name] || stored[name] === true]),
  ) as unknown as FrameFlags;
  writeStorage('session', frameFlagsStorageKey, JSON.stringify(captured));
  return captured;
}

/** The flags in force for this visit (captured at start; captured on first use otherwise). */
export function frameFlags(): FrameFlags {
  return captured ?? captureFrameFlags();
}

/** Tests only: forget the captured flags. */
export function resetFrameFlagsForTest(): void {
  captured = null;
}
