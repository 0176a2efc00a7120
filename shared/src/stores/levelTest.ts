import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import {
  examResultLifetimeMs,
  storedExamResultSchema,
  type ExamResult,
  type StoredExamResult,
} from '../contract/index.ts';
import { readStorage, writeStorage } from './safeStorage.ts';

/** localStorage key of the last level-test result (docs/product-rules.md#states Exam result). */
export const levelTestResultStorageKey = 'levelTestResult';

export interface LevelTestResultState {
  result: StoredExamResult | null;
  /** A kept result was dropped for being older than 24 hours: the result page shows the docs/product-rules.md#errors warning. */
  expired: boolean;
  /** Keeps a fresh result (with the server's token that saves it), not yet saved to an account. */
  keepResult: (result: ExamResult, now?: number) => void;
  /**
   * Flags the result completed at `completedAt` as saved, to the account `account` names (an opaque key; omitted
   * when it is not known); a newer result in the meantime stays unsaved.
   */
  markSaved: (completedAt: number, account?: string) => void;
  /** Drops the result when it is older than 24 hours; true when it did. */
  dropIfExpired: (now?: number) => boolean;
  clear: () => void;
}

export const isExamResultExpired = (result: Pick<StoredExamResult, 'completedAt'>, now = Date.now()) =>
  now - result.completedAt > examResultLifetimeMs;

/** The stored result if it is valid and current; `expired` when a valid one was too old. */
export function readStoredExamResult(
  persisted: unknown,
  now = Date.now(),
): Pick<LevelTestResultState, 'result' | 'expired'> {
  const parsed = storedExamResultSchema.safeParse((persisted as { result?: unknown } | null | undefined)?.result);
  if (!parsed.success) return { result: null, expired: false };
  if (isExamResultExpired(parsed.data, now)) return { result: null, expired: true };
  return { result: parsed.data, expired: false };
}

const localStorageState: StateStorage = {
  getItem: (name) => readStorage('local', name),
  setItem: (name, value) => writeStorage('local', name, value),
  removeItem: (name) => writeStorage('local', name, null),
};

/** The last placement result of this browser, shared by every area through the @shop/shared singleton. */
export const useLevelTestResultStore = create<LevelTestResultState>()(
  persist(
    (set, get) => ({
      result: null,
      expired: false,
      keepResult: (result, now = Date.now()) =>
        set({ result: { ...result, completedAt: now, saved: false }, expired: false }),
      markSaved: (completedAt, account) =>
        set((state) => {
          if (state.result?.completedAt !== completedAt) return {};
          const { savedFor: _unknownOwner, ...unsaved } = state.result;
          return { result: { ...unsaved, saved: true, ...(account === undefined ? {} : { savedFor: account }) } };
        }),
      dropIfExpired: (now = Date.now()) => {
        const { result } = get();
        if (!result || !isExamResultExpired(result, now)) return false;
        set({ result: null, expired: true });
        return true;
      },
      clear: () => set({ result: null, expired: false }),
    }),
    {
      name: levelTestResultStorageKey,
      storage: createJSONStorage(() => localStorageState),
      partialize: ({ result }) => ({ result }),
      // Validate on load: anything malformed counts as no result; an old one is removed and remembered as expired.
      merge: (persisted, current) => {
        const loaded = readStoredExamResult(persisted);
        if (!loaded.result) writeStorage('local', levelTestResultStorageKey, null);
        return { ...current, ...loaded };
      },
      version: 1,
    },
  ),
);
