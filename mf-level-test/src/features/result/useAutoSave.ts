import { useEffect, useRef, useState } from 'react';
import { saveExamResult, useCustomerStore, useLevelTestResultStore, type StoredExamResult } from '@shop/shared';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'alreadySaved' | 'failed';

/** Saves in flight by result, so a re-render, a second mount or StrictMode never saves one result twice. */
const inFlight = new Map<number, Promise<void>>();

function saveOnce(result: StoredExamResult): Promise<void> {
  let running = inFlight.get(result.completedAt);
  if (!running) {
    // The server saves the score it computed for this token, never one the browser states.
    running = saveExamResult({ resultToken: result.resultToken })
      .then(() => {
        useLevelTestResultStore.getState().markSaved(result.completedAt);
        // The save also set the account's level: the account pages and their badge read it from the customer.
        void useCustomerStore.getState().load({ force: true });
      })
      .finally(() => inFlight.delete(result.completedAt));
    inFlight.set(result.completedAt, running);
  }
  return running;
}

/**
 * docs/product-rules.md#states Exam result: when a logged-in customer views an unsaved result, it is saved to the account once and
 * flagged saved. The status follows the stored flag: saved during this view is "saved", saved before it is
 * "already saved" (an info of docs/product-rules.md#errors).
 */
export function useAutoSave(result: StoredExamResult | null, loggedIn: boolean): SaveStatus {
  const [failedFor, setFailedFor] = useState<number | null>(null);
  // Results this screen has shown unsaved: once flagged, they were saved here rather than before.
  const seenUnsaved = useRef(new Set<number>());
  if (result && !result.saved) seenUnsaved.current.add(result.completedAt);

  const completedAt = result?.completedAt;
  const needsSave = result !== null && loggedIn && !result.saved;
  useEffect(() => {
    if (!needsSave || !result) return;
    saveOnce(result).catch((error: unknown) => {
      console.warn('Could not save the level-test result', error);
      setFailedFor(result.completedAt);
    });
    // Keyed by the result's identity: flagging it saved changes the object, not which result it is.
  }, [completedAt, needsSave]);

  if (!result) return 'idle';
  if (result.saved) return seenUnsaved.current.has(result.completedAt) ? 'saved' : 'alreadySaved';
  if (!loggedIn) return 'idle';
  return failedFor === result.completedAt ? 'failed' : 'saving';
}
