import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyLoadMaxAgeMs, pendingEarlyLoads, startLoad, useLoad } from './useLoad.ts';

describe('useLoad', () => {
  it('is loading, then done with the data', async () => {
    const { result } = renderHook(() => useLoad('a', async () => 42));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toEqual({ status: 'done', data: 42 }));
  });

  it('keeps a failure as its message', async () => {
    const { result } = renderHook(() => useLoad('a', () => Promise.reject(new Error('Failed to fetch'))));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', message: 'Failed to fetch' }));
  });

  it('aborts the run a newer key made obsolete and drops its result', async () => {
    const signals: AbortSignal[] = [];
    const resolvers: ((value: string) => void)[] = [];
    const { result, rerender } = renderHook(
      ({ key }) =>
        useLoad(key, (signal) => {
          signals.push(signal);
          return new Promise<string>((resolve) => resolvers.push(resolve));
        }),
      { initialProps: { key: 'first' } },
    );
    rerender({ key: 'second' });
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => {
      resolvers[1]?.('second');
      resolvers[0]?.('first');
    });
    expect(result.current).toEqual({ status: 'done', data: 'second' });
  });

  describe('with a load started early (startLoad)', () => {
    afterEach(() => vi.useRealTimers());

    it('takes the early run instead of asking again, once', async () => {
      let runs = 0;
      const spec = { key: 'early:once', load: async () => ++runs };
      startLoad(spec);
      startLoad(spec);
      const first = renderHook(() => useLoad(spec.key, spec.load));
      await waitFor(() => expect(first.result.current).toEqual({ status: 'done', data: 1 }));
      expect(runs).toBe(1);
      expect(pendingEarlyLoads()).not.toContain(spec.key);
      // The next screen of the same key asks afresh.
      const second = renderHook(() => useLoad(spec.key, spec.load));
      await waitFor(() => expect(second.result.current).toEqual({ status: 'done', data: 2 }));
    });

    it("shows the early run's failure like its own", async () => {
      const spec = { key: 'early:fails', load: () => Promise.reject(new Error('Failed to fetch')) };
      startLoad(spec);
      const { result } = renderHook(() => useLoad(spec.key, async () => 'asked again'));
      await waitFor(() => expect(result.current).toMatchObject({ status: 'error', message: 'Failed to fetch' }));
    });

    it('drops an early answer older than the limit and asks again', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
      let runs = 0;
      const spec = { key: 'early:stale', load: async () => ++runs };
      startLoad(spec);
      vi.advanceTimersByTime(earlyLoadMaxAgeMs + 1);
      expect(pendingEarlyLoads()).not.toContain(spec.key);
      vi.useRealTimers();
      const { result } = renderHook(() => useLoad(spec.key, spec.load));
      await waitFor(() => expect(result.current).toEqual({ status: 'done', data: 2 }));
    });

    it('shows an answer that has already come in its first render, and asks nothing', async () => {
      const spec = { key: 'early:settled', load: async () => 'early' };
      startLoad(spec);
      await Promise.resolve();
      const asked = vi.fn(async () => 'asked again');
      const renders: string[] = [];
      const { result } = renderHook(() => {
        const load = useLoad(spec.key, asked);
        renders.push(load.status);
        return load;
      });
      expect(renders[0]).toBe('done');
      expect(result.current).toEqual({ status: 'done', data: 'early' });
      expect(asked).not.toHaveBeenCalled();
      expect(pendingEarlyLoads()).not.toContain(spec.key);
    });

    it('resolves once the answer is in, also a failure (never rejects), and after that the first render shows it', async () => {
      let answer: (value: string) => void = () => {};
      const spec = { key: 'early:awaited', load: () => new Promise<string>((resolve) => (answer = resolve)) };
      let answered = false;
      const awaited = startLoad(spec).then(() => (answered = true));
      // A second start of the key waits for the same run.
      const again = startLoad(spec);
      await Promise.resolve();
      expect(answered).toBe(false);
      answer('early');
      await Promise.all([awaited, again]);
      const { result } = renderHook(() => useLoad(spec.key, async () => 'asked again'));
      expect(result.current).toEqual({ status: 'done', data: 'early' });
      await expect(
        startLoad({ key: 'early:awaited-failure', load: () => Promise.reject(new Error('down')) }),
      ).resolves.toBeUndefined();
    });

    it('shows a failure that has already come in its first render', async () => {
      startLoad({ key: 'early:settled-failure', load: () => Promise.reject(new Error('Failed to fetch')) });
      await Promise.resolve();
      const { result } = renderHook(() => useLoad('early:settled-failure', async () => 'asked again'));
      expect(result.current).toMatchObject({ status: 'error', message: 'Failed to fetch' });
    });

    it('keeps the early answer when StrictMode runs the effect twice, and loads a later key as usual', async () => {
      startLoad({ key: 'early:strict', load: async () => 'early' });
      await Promise.resolve();
      const asked = vi.fn(async (signal: AbortSignal) => (signal.aborted ? 'aborted' : 'later'));
      const { result, rerender } = renderHook(({ key }) => useLoad(key, asked), {
        initialProps: { key: 'early:strict' },
        wrapper: StrictMode,
      });
      expect(result.current).toEqual({ status: 'done', data: 'early' });
      expect(asked).not.toHaveBeenCalled();
      rerender({ key: 'early:strict-later' });
      await waitFor(() => expect(result.current).toEqual({ status: 'done', data: 'later' }));
    });

    it('leaves an early run of another key alone', async () => {
      startLoad({ key: 'early:other', load: async () => 'other' });
      const { result } = renderHook(() => useLoad('early:mine', async () => 'mine'));
      await waitFor(() => expect(result.current).toEqual({ status: 'done', data: 'mine' }));
      expect(pendingEarlyLoads()).toContain('early:other');
    });
  });
});
