import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heightMessageType, parentOrigin, startHeightReporter } from './heightReporter.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startHeightReporter', () => {
  it('posts the height at once, then polls every 200 ms and posts only changes', () => {
    const postMessage = vi.fn();
    let height = 500;
    const stop = startHeightReporter({ target: { postMessage }, measure: () => height });
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenLastCalledWith(
      { type: heightMessageType, height: 500, path: location.pathname },
      '*',
    );

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

  it("never hands the buyer's e-mail address in the path to the framing page", () => {
    // The confirmation and the payment return carry the address in their path (docs/product-rules.md#screens); with the
    // order number it opens the order's confirmation, and the partner's page has no business with either.
    const postMessage = vi.fn();
    const self = {
      location: { pathname: '/checkout-complete/100023/anna.lena%2Bkurs%40example.org' },
      setInterval: (run: () => void, ms: number) => setInterval(run, ms),
      clearInterval: (timer: ReturnType<typeof setInterval>) => clearInterval(timer),
    } as unknown as Window;
    startHeightReporter({
      target: { postMessage },
      self,
      measure: () => 700,
      targetOrigin: 'https://partner.example',
    })();
    const message = postMessage.mock.calls[0]![0] as { path: string };
    expect(message.path).toBe('/checkout-complete/100023/:email');
    expect(JSON.stringify(message)).not.toMatch(/anna|example\.org|%40|@/);
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

describe('parentOrigin', () => {
  const windowWith = (ancestorOrigins: string[] | undefined) =>
    ({
      location: {
        ancestorOrigins:
          ancestorOrigins && Object.assign([...ancestorOrigins], { item: (i: number) => ancestorOrigins[i] }),
      },
    }) as unknown as Window;

  it("names the framing page's origin where the browser tells it", () => {
    expect(parentOrigin(windowWith(['https://partner.example', 'https://top.example']))).toBe(
      'https://partner.example',
    );
  });

  it('falls back to any origin where it does not (frame-ancestors decides who may frame)', () => {
    expect(parentOrigin(windowWith(undefined))).toBe('*');
    expect(parentOrigin(windowWith([]))).toBe('*');
    expect(parentOrigin(windowWith(['null']))).toBe('*');
  });

  it('is the default target origin of the reporter', () => {
    const postMessage = vi.fn();
    const self = {
      ...window,
      parent: {},
      location: { pathname: '/courses', ancestorOrigins: ['http://localhost:5180'] },
      setInterval: () => 1,
      clearInterval: () => {},
    } as unknown as Window;
    startHeightReporter({ self, target: { postMessage }, measure: () => 10 })();
    expect(postMessage).toHaveBeenCalledWith(
      { type: heightMessageType, height: 10, path: '/courses' },
      'http://localhost:5180',
    );
  });
});
