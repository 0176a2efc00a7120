import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heightMessageType, startHeightReporter } from './heightReporter.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startHeightReporter', () => {
  it('posts the height at once, then polls every 200 ms and posts only changes', () => {
    const postMessage = vi.fn();
    let height = 500;
    const stop = startHeightReporter({ target: { postMessage }, measure: () => height });
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenLastCalledWith({ type: heightMessageType, height: 500, path: location.pathname }, '*');

    vi.advanceTimersByTime(1000);
    expect(postMessage).toHaveBeenCalledTimes(1);

    height = 820;
    vi.advanceTimersByTime(199);
    expect(postMessage).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(postMessage).toHaveBeenCalledTimes(2);
    expect(postMessage.mock.calls[1]![0]).toMatchObject({ height: 820 });

    height = 640;
    vi.advanceTimersByTime(200);
    expect(postMessage.mock.calls[2]![0]).toMatchObject({ height: 640 });

    stop();
    height = 10;
    vi.advanceTimersByTime(1000);
    expect(postMessage).toHaveBeenCalledTimes(3);
  });

  it('posts to the given origin only', () => {
    const postMessage = vi.fn();
    startHeightReporter({ target: { postMessage }, measure: () => 1, targetOrigin: 'https://partner.example' })();
    expect(postMessage).toHaveBeenCalledWith(expect.anything(), 'https://partner.example');
  });

  it('does nothing when the page is not framed', () => {
    const measure = vi.fn(() => 1);
    const stop = startHeightReporter({ measure });
    vi.advanceTimersByTime(1000);
    expect(measure).not.toHaveBeenCalled();
    stop();
  });
});
