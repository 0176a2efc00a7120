import { beforeEach, describe, expect, it } from 'vitest';
import type { ExamResult } from '../contract/index.ts';
import {
  isExamResultExpired,
  levelTestResultStorageKey,
  readStoredExamResult,
  useLevelTestResultStore,
} from './levelTest.ts';

const hour = 60 * 60 * 1000;
const result: ExamResult = {
  level: 'B1',
  reachedPoints: 12,
  maxPoints: 16,
  targetDetail: 'B1.1',
  recommendation: { courseTag: 'b1', conversationTag: 'b1', flexibleLearningCourse: null, product: null },
  resultToken: 'scored-by-the-server',
};
const stored = () =>
  JSON.parse(localStorage.getItem(levelTestResultStorageKey) ?? 'null') as { state: { result: unknown } } | null;
const persistedAt = (completedAt: number, extra: object = {}) =>
  JSON.stringify({ state: { result: { ...result, completedAt, saved: false, ...extra } }, version: 1 });

beforeEach(() => {
  localStorage.clear();
  useLevelTestResultStore.setState({ result: null, expired: false });
});

describe('level-test result store', () => {
  it('keeps a result with its completion time, unsaved, in localStorage', () => {
    useLevelTestResultStore.getState().keepResult(result, 1_000);
    expect(useLevelTestResultStore.getState()).toMatchObject({
      result: { ...result, completedAt: 1_000, saved: false },
      expired: false,
    });
    expect(stored()?.state).toEqual({ result: { ...result, completedAt: 1_000, saved: false } });
  });

  it('flags a saved result with the account it went to, and forgets an earlier account it cannot name', () => {
    const { keepResult, markSaved } = useLevelTestResultStore.getState();
    keepResult(result, 1_000);
    markSaved(1_000, 'ana-key');
    expect(useLevelTestResultStore.getState().result).toMatchObject({ saved: true, savedFor: 'ana-key' });
    expect(stored()?.state).toMatchObject({ result: { saved: true, savedFor: 'ana-key' } });
    expect(readStoredExamResult(stored()?.state, 2_000).result).toMatchObject({ savedFor: 'ana-key' });
    markSaved(1_000);
    expect(useLevelTestResultStore.getState().result).toMatchObject({ saved: true });
    expect(useLevelTestResultStore.getState().result).not.toHaveProperty('savedFor');
  });

  it('flags only the result that was saved', () => {
    const { keepResult, markSaved } = useLevelTestResultStore.getState();
    keepResult(result, 1_000);
    markSaved(999);
    expect(useLevelTestResultStore.getState().result?.saved).toBe(false);
    markSaved(1_000);
    expect(useLevelTestResultStore.getState().result?.saved).toBe(true);
    expect(stored()?.state).toMatchObject({ result: { saved: true } });
  });

  it('expires after 24 hours, not before', () => {
    const now = 100 * hour;
    expect(isExamResultExpired({ completedAt: now - 24 * hour }, now)).toBe(false);
    expect(isExamResultExpired({ completedAt: now - 24 * hour - 1 }, now)).toBe(true);

    useLevelTestResultStore.getState().keepResult(result, now - 23 * hour);
    expect(useLevelTestResultStore.getState().dropIfExpired(now)).toBe(false);
    expect(useLevelTestResultStore.getState().dropIfExpired(now + 2 * hour)).toBe(true);
    expect(useLevelTestResultStore.getState()).toMatchObject({ result: null, expired: true });
    expect(stored()?.state.result).toBeNull();

    useLevelTestResultStore.getState().keepResult(result, now);
    expect(useLevelTestResultStore.getState().expired).toBe(false);
  });

  it('drops an expired stored result on load and says so; ignores malformed ones', async () => {
    localStorage.setItem(levelTestResultStorageKey, persistedAt(Date.now() - 25 * hour));
    await useLevelTestResultStore.persist.rehydrate();
    expect(useLevelTestResultStore.getState()).toMatchObject({ result: null, expired: true });
    expect(localStorage.getItem(levelTestResultStorageKey)).toBeNull();

    localStorage.setItem(levelTestResultStorageKey, persistedAt(Date.now() - hour, { level: 'Z9' }));
    useLevelTestResultStore.setState({ expired: false });
    await useLevelTestResultStore.persist.rehydrate();
    expect(useLevelTestResultStore.getState()).toMatchObject({ result: null, expired: false });

    localStorage.setItem(levelTestResultStorageKey, persistedAt(Date.now() - hour));
    await useLevelTestResultStore.persist.rehydrate();
    expect(useLevelTestResultStore.getState().result).toMatchObject({ level: 'B1', saved: false });
  });

  it('reads only well-formed results', () => {
    expect(readStoredExamResult(undefined)).toEqual({ result: null, expired: false });
    expect(readStoredExamResult({ result: { ...result, completedAt: 5, saved: 'no' } }, 10)).toEqual({
      result: null,
      expired: false,
    });
    expect(readStoredExamResult({ result: { ...result, completedAt: 5, saved: true } }, 10).result).toMatchObject({
      saved: true,
    });
    // Kept before results carried the server's token: it could never be saved, so it counts as none.
    const { resultToken: _, ...untokened } = result;
    expect(readStoredExamResult({ result: { ...untokened, completedAt: 5, saved: false } }, 10)).toEqual({
      result: null,
      expired: false,
    });
  });
});
