import { afterEach, describe, expect, it, vi } from 'vitest';
import { settleWithin } from './settleWithin.ts';

describe('settleWithin', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves as soon as the promise does', async () => {
    vi.useFakeTimers();
    let done = false;
    void settleWithin(Promise.resolve('routes'), 1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('resolves, not rejects, when the promise fails', async () => {
    await expect(settleWithin(Promise.reject(new Error('down')), 1000)).resolves.toBeUndefined();
  });

  it('gives up waiting after the limit when the promise hangs', async () => {
    vi.useFakeTimers();
    let done = false;
    void settleWithin(new Promise(() => undefined), 1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
