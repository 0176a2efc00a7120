/**
 * Calls `done` once a frame painted at or after `since` (a `performance.now()` time) has reached the screen, as the
 * browser's paint timing reports it (`paint`, `largest-contentful-paint`), or after `latestMs` where no such report
 * comes: a browser without paint timing, or a paint that was no new largest one. Returns a function that cancels.
 *
 * Why not the next animation frame: a frame's JavaScript ends well before its pixels are shown; on a phone the raster
 * of the first screen takes another 50–100 ms, and what is fetched then shares the network with the first screen's
 * last bytes (docs/performance.md#after-the-first-paint).
 */
export function afterPaintShown(since: number, latestMs: number, done: () => void): () => void {
  const watched = paintTimingTypes();
  let observer: PerformanceObserver | undefined;
  let over = false;
  const stop = () => {
    over = true;
    observer?.disconnect();
    clearTimeout(timer);
  };
  const finish = () => {
    if (over) return;
    stop();
    done();
  };
  const timer = setTimeout(finish, watched.length > 0 ? latestMs : 0);
  if (watched.length > 0) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) finish();
    });
    // Buffered: the paint may have been reported before this call, between the commit and the effect.
    for (const type of watched) observer.observe({ type, buffered: true });
  }
  return stop;
}

function paintTimingTypes(): string[] {
  const supported = typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? []);
  return ['paint', 'largest-contentful-paint'].filter((type) => supported.includes(type));
}
