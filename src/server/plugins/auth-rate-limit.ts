/**
 * A limit on the account routes per client address (sign-in, sign-up, password reset and
 * change): AUTH_RATE_LIMIT requests a minute, then 429 with Retry-After. It stops one
 * client trying many emails, which the per-email lock (throttleRepository) does not. The
 * address is the peer's, or the forwarded one only from a proxy named in TRUST_PROXY.
 *
 * On PostgreSQL the counts are kept in the database (rate-limit-store.ts), so every server
 * instance behind a load balancer counts one address's requests together; on the embedded
 * database, which only one process can open, they stay in this process's memory.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { rateLimitRepository } from '../repositories/rate-limit-repository';
import { errorBody } from './error-handler';
import { databaseRateLimitStore } from './rate-limit-store';

/** How often an instance deletes the counts whose window has ended (any instance may: it is one idempotent statement). */
const CLEAN_UP_MS = 5 * 60_000;
/** Route and address pairs remembered as refused, at most; past it the oldest is forgotten (and counted again). */
const MAX_REFUSED = 10_000;
/**
 * How long an address already refused waits for each further refusal (decision 078): a client
 * sending guesses as fast as it is answered is then answered this slowly, so a flood from one
 * address takes one request a second per connection instead of a core.
 */
export const REFUSAL_DELAY_MS = 1000;
/** Refusals held back at once, at most; past it they are answered at once. */
const MAX_HELD = 1000;

const tooMany = (seconds: number) =>
  errorBody(429, `Too many requests from this address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);

/** What an account route adds to its `config`: the limit, or nothing when it is off. */
export function accountRouteLimit(perMinute: number): { rateLimit?: { max: number; timeWindow: number } } {
  return perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: 60_000 } } : {};
}

export async function registerAuthRateLimit(app: FastifyInstance, perMinute: number, db: Database): Promise<void> {
  if (perMinute === 0) return;
  const isShared = db.kind === 'postgresql';
  // An address the count (this process's, or on PostgreSQL the one all instances share) has
  // refused is refused again from this map until its window ends, before the plugin, its store
  // and the error handler are reached: a flood of refused guesses is cheap, and the requests
  // of everyone else wait less behind it. The count alone decides who is refused.
  const refused = new Map<string, number>();
  const keyOf = (request: FastifyRequest) => `${request.routeOptions.url ?? ''}|${request.ip}`;
  /** Refusals held back, each with what answers it. */
  const held = new Map<ReturnType<typeof setTimeout>, () => void>();
  app.addHook('preClose', async () => {
    for (const [timer, answer] of held) {
      clearTimeout(timer);
      answer();
    }
    held.clear();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (refused.size === 0 || !request.routeOptions.config.rateLimit) return done();
    const key = keyOf(request);
    const endsAt = refused.get(key);
    if (endsAt === undefined || endsAt <= Date.now()) {
      refused.delete(key);
      return done();
    }
    const answer = () => {
      const seconds = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
      void reply
        .code(429)
        .headers({
          'x-ratelimit-limit': perMinute,
          'x-ratelimit-remaining': 0,
          'x-ratelimit-reset': seconds,
          'retry-after': seconds,
        })
        .send(tooMany(seconds));
    };
    if (held.size >= MAX_HELD) return answer();
    const timer = setTimeout(() => {
      held.delete(timer);
      answer();
    }, REFUSAL_DELAY_MS);
    held.set(timer, answer);
  });
  await app.register(rateLimit, {
    global: false,
    ...(isShared ? { store: databaseRateLimitStore(db) } : {}),
    errorResponseBuilder: (request, context) => {
      refused.set(keyOf(request), Date.now() + context.ttl);
      if (refused.size > MAX_REFUSED) refused.delete(refused.keys().next().value as string);
      return tooMany(Math.max(1, Math.ceil(context.ttl / 1000)));
    },
  });
  if (!isShared) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  const cleanUp = () =>
    rateLimitRepository(db)
      .deleteEnded()
      .catch((error: unknown) => app.log.warn({ err: error }, 'deleting ended rate-limit windows failed'));
  app.addHook('onReady', async () => {
    timer = setInterval(() => void cleanUp(), CLEAN_UP_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
}
