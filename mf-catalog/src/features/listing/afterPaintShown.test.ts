import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaintShown } from './afterPaintShown.ts';

/** A PerformanceObserver whose reports the test hands out, for a browser with paint timing. */
function stubPaintTiming(supported = ['paint', 'largest-contentful-paint']) {
  const observers: { callback: (list: { getEntries: () => { startTime: number }[] }) => void; on: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private readonly own;
    constructor(callback: (typeof observers)[number]['callback']) {
      this.own = { callback, on: true };
      observers.push(this.own);
    }
    observe() {}
    disconnect() {
      this.own.on = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    report: (...startTimes: number[]) => {
      for (const observer of observers.filter((each) => each.on))
        observer.callback({ getEntries: () => startTimes.map((startTime) => ({ startTime })) });
    },
    listening: () => observers.some((observer) => observer.on),
  };
}

describe('afterPaintShown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for a paint reported at or after the given time, not for one before it', () => {
    const paints = stubPaintTiming();
    const done = vi.fn();
    afterPaintShown(500, 1000, done);
    paints.report(120, 499);
    vi.advanceTimersByTime(900);
    expect(done).not.toHaveBeenCalled();
    paints.report(516);
    expect(done).toHaveBeenCalledTimes(1);
    expect(paints.listening()).toBe(false);
    vi.advanceTimersByTime(1000);
    paints.report(600);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('goes on after the latest time when no paint is reported', () => {
    const paints = stubPaintTiming();
    const done = vi.fn();
    afterPaintShown(500, 1000, done);
    vi.advanceTimersByTime(999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
    expect(paints.listening()).toBe(false);
  });

  it('does not wait in a browser without paint timing', () => {
    stubPaintTiming([]);
    const done = vi.fn();
    afterPaintShown(500, 1000, done);
    vi.advanceTimersByTime(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('never calls back once cancelled', () => {
    const paints = stubPaintTiming();
    const done = vi.fn();
    const cancel = afterPaintShown(500, 1000, done);
    cancel();
    paints.report(600);
    vi.advanceTimersByTime(2000);
    expect(done).not.toHaveBeenCalled();
  });
});
