import RateLimiterStoreAbstract from 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/database.ts';
import type { RateLimitTable } from '../db/rate-limit-schema.ts';

type CounterRow = Pick<RateLimitTable, 'points' | 'expire'>;

export interface KyselyLimiterOptions {
  db: Db;
  /** Prefix of this limiter's keys (its name), so limits never share a counter. */
  keyPrefix: string;
  /** Attempts allowed per window. */
  points: number;
  /** Window length in seconds, from the first attempt. */
  duration: number;
}

/**
 * A rate-limiter-flexible store on the app's own database (SQLite or PostgreSQL), in the `rate_limit` table.
 * The library's SQLite and PostgreSQL stores would write through the raw connection, past Kysely: on SQLite,
 * that is the one connection Kysely serialises, and a counter written while an order's transaction waits would
 * join (and roll back with) that transaction. Here every statement goes through Kysely, and a count is one
 * atomic upsert on both dialects (docs/decisions/0007-shared-rate-limits.md).
 */
export class RateLimiterKysely extends RateLimiterStoreAbstract {
  readonly #db: Db;

  constructor({ db, ...options }: KyselyLimiterOptions) {
    super({ ...options, storeClient: db });
    this.#db = db;
  }

  /** Adds `points` to the key's window (or starts a new window once the old one ended); `forceExpire` overwrites it. */
  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<CounterRow> {
    const now = Date.now();
    const expire = msDuration > 0 ? now + msDuration : null;
    return this.#db.kysely
      .insertInto('rate_limit')
      .values({ key, points, expire })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          if (forceExpire) return { points: eb.ref('excluded.points'), expire: eb.ref('excluded.expire') };
          const ended = eb('rate_limit.expire', '<=', now);
          return {
            points: eb
              .case()
              .when(ended)
              .then(eb.ref('excluded.points'))
              .else(eb('rate_limit.points', '+', eb.ref('excluded.points')))
              .end(),
            expire: eb.case().when(ended).then(eb.ref('excluded.expire')).else(eb.ref('rate_limit.expire')).end(),
          };
        }),
      )
      .returning(['points', 'expire'])
      .executeTakeFirstOrThrow();
  }

  async _get(key: string): Promise<CounterRow | null> {
    const row = await this.#db.kysely
      .selectFrom('rate_limit')
      .select(['points', 'expire'])
      .where('key', '=', key)
      .where((eb) => eb.or([eb('expire', '>', Date.now()), eb('expire', 'is', null)]))
      .executeTakeFirst();
    return row ?? null;
  }

  async _delete(key: string): Promise<boolean> {
    const result = await this.#db.kysely.deleteFrom('rate_limit').where('key', '=', key).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, row: CounterRow): RateLimiterRes {
    const stored = Number(row.points);
    const isFirstInDuration = changedPoints === stored;
    const consumedPoints = isFirstInDuration ? changedPoints : stored;
    const msBeforeNext = row.expire === null ? -1 : Math.max(Number(row.expire) - Date.now(), 0);
    return new RateLimiterRes(
      Math.max(this.points - consumedPoints, 0),
      msBeforeNext,
      consumedPoints,
      isFirstInDuration,
    );
  }
}

/** Deletes the counters whose window ended before `beforeMs`; the number deleted. */
export async function deleteExpiredCounters(db: Db, beforeMs: number): Promise<number> {
  const result = await db.kysely.deleteFrom('rate_limit').where('expire', '<', beforeMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
