import { useEffect, useState } from 'react';
import {
  ApiError,
  ExamErrorCode,
  normalizeEmail,
  saveExamResult,
  useAuthStore,
  useCustomerStore,
  useLevelTestResultStore,
  type StoredExamResult,
} from '@shop/shared';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'alreadySaved' | 'savedElsewhere' | 'failed';

/**
 * The key a saved result names its account by (`savedFor` of the kept result): a 53-bit digest of the account's
 * address (cyrb53), so the browser's storage, which outlives the session, holds no address. Enough to tell the few
 * customers of one browser apart; the server remains the judge of whose a result is.
 */
export function accountKey(email: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const char of normalizeEmail(email)) {
    const code = char.codePointAt(0)!;
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

type Outcome = 'saved' | 'savedElsewhere';

/** Saves in flight by result and session, so a re-render, a second mount or StrictMode never saves one twice. */
const inFlight = new Map<string, Promise<Outcome>>();

function saveOnce(result: StoredExamResult, token: string): Promise<Outcome> {
  const key = `${result.completedAt} ${token}`;
  let running = inFlight.get(key);
  if (!running) {
    // The server saves the score it computed for this token, never one the browser states.
    running = saveExamResult({ resultToken: result.resultToken })
      .then(async (): Promise<Outcome> => {
        // The save went to the account of `token`; the reload names it (and shows the level the save gave it in the
        // account pages and their badge). A session that ended meanwhile leaves the account unnamed.
        const customer =
          useAuthStore.getState().token === token ? await useCustomerStore.getState().load({ force: true }) : null;
        const account = customer && useAuthStore.getState().token === token ? accountKey(customer.email) : undefined;
        useLevelTestResultStore.getState().markSaved(result.completedAt, account);
        return 'saved';
      })
      .catch((error: unknown): Outcome => {
        // The server keeps one result in one account: another customer saved this one (in this browser, before).
        if (error instanceof ApiError && error.status === 400 && error.code === ExamErrorCode.unknownResult)
          return 'savedElsewhere';
        throw error;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}

/**
 * docs/product-rules.md#states Exam result: when a logged-in customer views a result not saved to their account, it
 * is saved to it once and flagged saved, for that account. One browser may serve several customers, so the flag
 * names the account: "saved" when this view saved it, "already saved" when it was in this customer's account
 * before (an info of docs/product-rules.md#errors), "saved elsewhere" when the server keeps it in another
 * customer's account. A guest is told nothing about accounts.
 */
export function useAutoSave(result: StoredExamResult | null, loggedIn: boolean): SaveStatus {
  const token = useAuthStore((state) => (loggedIn ? state.token : null));
  const customer = useCustomerStore((state) => state.customer);
  const customerFailed = useCustomerStore((state) => state.status === 'error');
  const load = useCustomerStore((state) => state.load);
  // What this view's saves came to, by result and session (an earlier session's answer may come in last).
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome | 'failed'>>(new Map());

  const account = token && customer ? accountKey(customer.email) : null;
  const completedAt = result?.completedAt;
  const key = result && token ? `${result.completedAt} ${token}` : null;
  const savedHere = result !== null && result.saved && account !== null && result.savedFor === account;
  // An unsaved result is this customer's to save at once; one saved to some account only once it is known that
  // it is not theirs (or their account cannot be read: then the server says whose it is).
  const needsSave =
    key !== null && result !== null && !savedHere && (!result.saved || account !== null || customerFailed);

  useEffect(() => {
    if (token) void load();
  }, [token, load]);

  useEffect(() => {
    if (!needsSave || !result || !token || !key) return;
    // Not cancelled when the flag changes: the outcome is kept by result and session, and shown only for them.
    const settle = (status: Outcome | 'failed') => setOutcomes((known) => new Map(known).set(key, status));
    saveOnce(result, token).then(settle, (error: unknown) => {
      console.warn('Could not save the level-test result', error);
      settle('failed');
    });
    // Keyed by the result's identity and the session: flagging it saved changes the object, not which result it is.
  }, [completedAt, token, needsSave]);

  if (!result || !key) return 'idle';
  const outcome = outcomes.get(key);
  if (outcome) return outcome;
  if (savedHere) return 'alreadySaved';
  return needsSave ? 'saving' : 'idle';
}
