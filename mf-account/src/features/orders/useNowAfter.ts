import { useEffect, useState } from 'react';

/** setTimeout takes at most 2^31 − 1 ms; a later instant is checked again after that long. */
const longestTimer = 2 ** 31 - 1;

/**
 * The current time, taken again once `instant` has passed, so that what depends on it re-renders then: an order
 * whose payment hold ends while the page is open loses its payment button and shows "expired" at that moment.
 */
export function useNowAfter(instant: string | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const end = instant === null ? Number.NaN : Date.parse(instant);
    if (Number.isNaN(end) || end <= now.getTime()) return;
    const timer = setTimeout(() => setNow(new Date()), Math.min(end - now.getTime() + 1, longestTimer));
    return () => clearTimeout(timer);
  }, [instant, now]);
  return now;
}
