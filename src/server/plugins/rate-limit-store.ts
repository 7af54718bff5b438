/**
 * A store for @fastify/rate-limit that keeps its counts in the database, so that several
 * server instances on one PostgreSQL count a client's requests together: behind a load
 * balancer a client gets the limit once, not once per instance. Fixed windows per route
 * and address, as the plugin's own in-memory store keeps them.
 *
 * Once a key is over its limit, the instance that saw it answers that key from memory until
 * the window ends, without asking the database again: a flood from one address costs one
 * statement per instance per window, not one per request. Nothing is lost by not counting
 * those requests: a fixed window ends when it ends however many more arrive.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/database';
import { rateLimitRepository } from '../repositories/rate-limit-repository';

/** Keys remembered as over their limit, at most; past it the oldest is forgotten (and asked about again). */
const MAX_REMEMBERED = 10_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Shared {
  counts: ReturnType<typeof rateLimitRepository>;
  /** Key → when (this machine's clock, ms) its window ends, for keys over their limit. */
  overLimit: Map<string, number>;
}

/** The route a child store counts for: the plugin hands a route's options to `child` with the route as `routeInfo`. */
function routeOf(options: object): string {
  const route =
    'routeInfo' in options && typeof options.routeInfo === 'object' && options.routeInfo !== null
      ? options.routeInfo
      : {};
  const method = 'method' in route ? [route.method].flat().join(',') : '';
  const url = 'url' in route ? String(route.url) : '';
  return `${method} ${url}`.trim();
}

class DatabaseRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: Shared,
    private readonly route = '',
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    const counted = `${this.route}|${key}`;
    const { counts, overLimit } = this.shared;
    const endsAt = overLimit.get(counted);
    if (endsAt !== undefined) {
      const ttl = endsAt - Date.now();
      if (ttl > 0) return callback(null, { current: max + 1, ttl });
      overLimit.delete(counted);
    }
    counts.hit(counted, timeWindow).then(
      ({ hits, ttlMs }) => {
        if (hits > max && ttlMs > 0) {
          overLimit.set(counted, Date.now() + ttlMs);
          if (overLimit.size > MAX_REMEMBERED) overLimit.delete(overLimit.keys().next().value as string);
        }
        callback(null, { current: hits, ttl: ttlMs });
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** The count without a hit (the plugin's `increment: false`). */
  read(key: string, callback: Callback): void {
    this.shared.counts.read(`${this.route}|${key}`).then(
      ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: object): FastifyRateLimitStore {
    return new DatabaseRateLimitStore(this.shared, routeOf(routeOptions));
  }
}

/** The store to hand @fastify/rate-limit (`store`): counts in `db`'s rate_limit_hits. */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  const shared: Shared = { counts: rateLimitRepository(db), overLimit: new Map() };
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(shared);
    }
  };
}
