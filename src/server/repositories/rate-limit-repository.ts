import type { Queryable } from '../db/database';

export interface RateLimitCount {
  /** Hits in the key's current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Hits per key (a route and a client address) in fixed windows, shared by every server
 * instance on the database. The database's clock times the windows, so instances whose
 * clocks differ still agree.
 */
export function rateLimitRepository(db: Queryable) {
  return {
    /** Counts a hit in one statement: the first of a window, or one more in the window running. */
    async hit(key: string, windowMs: number): Promise<RateLimitCount> {
      const [row] = await db.query<{ hits: number; ttl_ms: number }>(
        `INSERT INTO rate_limit_hits AS r (key, hits, window_ends) VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
           window_ends = CASE WHEN r.window_ends <= now() THEN EXCLUDED.window_ends ELSE r.window_ends END
         RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends - now()) * 1000))::int AS ttl_ms`,
        [key, windowMs],
      );
      return { hits: row?.hits ?? 1, ttlMs: row?.ttl_ms ?? windowMs };
    },

    /** The key's count without counting a hit: 0 when no window runs. */
    async read(key: string): Promise<RateLimitCount> {
      const [row] = await db.query<{ hits: number; ttl_ms: number }>(
        'SELECT hits, ceil(extract(epoch FROM window_ends - now()) * 1000)::int AS ttl_ms FROM rate_limit_hits WHERE key = $1 AND window_ends > now()',
        [key],
      );
      return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
    },

    /** Deletes the rows whose window has ended; returns how many. */
    async deleteEnded(): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        'WITH ended AS (DELETE FROM rate_limit_hits WHERE window_ends <= now() RETURNING 1) SELECT count(*)::int AS n FROM ended',
      );
      return row?.n ?? 0;
    },
  };
}
