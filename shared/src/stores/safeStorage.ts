/**
 * Web storage that never throws: private modes, full quotas and third-party frames (a browser blocking
 * third-party storage makes localStorage and sessionStorage throw SecurityError there) make storage fail, and
 * docs/product-rules.md#errors says such failures are only logged. What cannot be stored is kept in memory
 * instead, for this page's life: the stores read back what they wrote, and a page whose storage is blocked still
 * keeps its cart, session and choices while it is open (a reload or a full page load starts without them).
 */
export type StorageKind = 'local' | 'session';

const memory: Record<StorageKind, Map<string, string>> = { local: new Map(), session: new Map() };

function storage(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? (globalThis.localStorage ?? null) : (globalThis.sessionStorage ?? null);
  } catch {
    return null;
  }
}

export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    const target = storage(kind);
    if (target) return target.getItem(key) ?? memory[kind].get(key) ?? null;
  } catch (error) {
    console.warn(`Could not read ${key} from ${kind} storage`, error);
  }
  return memory[kind].get(key) ?? null;
}

export function writeStorage(kind: StorageKind, key: string, value: string | null): void {
  try {
    const target = storage(kind);
    if (!target) throw new Error(`No ${kind} storage`);
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
    memory[kind].delete(key);
    return;
  } catch (error) {
    console.warn(`Could not write ${key} to ${kind} storage; kept in memory`, error);
  }
  if (value === null) memory[kind].delete(key);
  else memory[kind].set(key, value);
}

/** Every key of `kind`, in storage or kept in memory. */
export function storageKeys(kind: StorageKind): string[] {
  let stored: string[] = [];
  try {
    const target = storage(kind);
    if (target) stored = Array.from({ length: target.length }, (_, index) => target.key(index) ?? '');
  } catch {
    // Storage that cannot be read holds nothing but what memory holds.
  }
  return [...new Set([...stored.filter(Boolean), ...memory[kind].keys()])];
}

/**
 * Whether this page can keep things in web storage: false where the browser blocks it (a third-party frame with
 * third-party storage blocked, some private modes). Partitioned storage (a frame's own jar) counts as usable.
 */
export function webStorageUsable(): boolean {
  const key = 'shop:storage-probe';
  try {
    const target = globalThis.localStorage;
    target.setItem(key, key);
    target.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** Tests only: forget what was kept in memory. */
export function resetMemoryStorageForTest(): void {
  memory.local.clear();
  memory.session.clear();
}
