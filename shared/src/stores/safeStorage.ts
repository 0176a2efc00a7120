/**
 * Web storage that never throws: private modes, full quotas and sandboxed frames make localStorage and
 * sessionStorage fail, and docs/product-rules.md#errors says such failures are only logged.
 */
export type StorageKind = 'local' | 'session';

function storage(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? (globalThis.localStorage ?? null) : (globalThis.sessionStorage ?? null);
  } catch {
    return null;
  }
}

export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`Could not read ${key} from ${kind} storage`, error);
    return null;
  }
}

export function writeStorage(kind: StorageKind, key: string, value: string | null): void {
  try {
    const target = storage(kind);
    if (value === null) target?.removeItem(key);
    else target?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not write ${key} to ${kind} storage`, error);
  }
}
