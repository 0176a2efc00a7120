import type { CachedBody } from '../../http/json-body.ts';

/**
 * Bytes (plain and gzip bodies together) the cache keeps at most. A full page of the course search is about 150 KB,
 * and anybody may ask for ever new ones (other price bounds, dates, tags): by entries alone, 500 of them held some
 * 75 MB for as long as the process ran. 16 MiB still holds hundreds of the listings' usual answers.
 */
export const searchCacheBytes = 16 * 1024 * 1024;

/**
 * A small in-memory cache of serialised responses, for the catalogue reads that every listing repeats
 * (GET /course/search). An entry is fresh for `ttlMs`; after that it is still served once while a single
 * rebuild runs in the background (stale-while-revalidate), so no visitor waits for the database on a busy
 * listing. Free places shown in a listing may therefore be a few seconds old — the cart's price calculation
 * re-checks them on the server. The oldest entries go first beyond `maxEntries` or `maxBytes` (bodies' bytes). A ttl
 * of 0 disables it (the default in tests, which change data between requests).
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: CachedBody; expires: number }>();
  /** Bytes of the bodies in `entries`. */
  private bytes = 0;
  private readonly rebuilding = new Map<string, Promise<CachedBody>>();
  /** Bumped by `clear`: a build that began before it read the old data and must not be kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly clock: () => number = Date.now,
    private readonly maxBytes = searchCacheBytes,
  ) {}

  /** The body for `key`: fresh from the cache, stale while `build` refreshes it, or built now on a miss. */
  async get(key: string, build: () => Promise<CachedBody>): Promise<CachedBody> {
    if (this.ttlMs <= 0) return build();
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.clock()) return entry.body;
    const running = this.rebuilding.get(key) ?? this.rebuild(key, build);
    return entry ? entry.body : running;
  }

  private rebuild(key: string, build: () => Promise<CachedBody>): Promise<CachedBody> {
    // A failed rebuild keeps the stale entry (if any); the next request tries again.
    const startedIn = this.generation;
    const promise = build().then((body) => {
      // Its caller still gets this body (it asked before the change), but later requests must not.
      if (startedIn !== this.generation) return body;
      this.forget(key);
      this.entries.set(key, { body, expires: this.clock() + this.ttlMs });
      this.bytes += sizeOf(body);
      // Map keeps insertion order: the first key is the oldest entry. One answer larger than the budget is not kept.
      while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes)
        this.forget(this.entries.keys().next().value!);
      return body;
    });
    const settled = promise.finally(() => {
      if (this.rebuilding.get(key) === promise) this.rebuilding.delete(key);
    });
    // A background rebuild that fails must not become an unhandled rejection.
    settled.catch(() => {});
    this.rebuilding.set(key, promise);
    return promise;
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry.body);
  }

  /**
   * Forgets everything, for code that changes the catalogue and wants listings to show it at once. Builds
   * still running may have read the data before the change: requests from now on do not join them, and what
   * they build is not kept.
   */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
    this.rebuilding.clear();
  }
}

const sizeOf = (body: CachedBody) => body.json.length + body.gzip.length;

/** A cache key for a validated query: key order and the order of list values do not matter. */
export function queryKey(query: Record<string, unknown>): string {
  const normalised = Object.keys(query)
    .sort()
    .map((key) => {
      const value = query[key];
      return [key, Array.isArray(value) ? [...new Set(value.map(String))].sort() : value];
    });
  return JSON.stringify(normalised);
}
