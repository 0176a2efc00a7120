import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad } from './useLoad.ts';

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
});
