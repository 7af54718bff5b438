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
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { rateLimitRepository } from '../repositories/rate-limit-repository';
import { errorBody } from './error-handler';
import { databaseRateLimitStore } from './rate-limit-store';

/** How often an instance deletes the counts whose window has ended (any instance may: it is one idempotent statement). */
const CLEAN_UP_MS = 5 * 60_000;

/** What an account route adds to its `config`: the limit, or nothing when it is off. */
export function accountRouteLimit(perMinute: number): { rateLimit?: { max: number; timeWindow: number } } {
  return perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: 60_000 } } : {};
}

export async function registerAuthRateLimit(app: FastifyInstance, perMinute: number, db: Database): Promise<void> {
  if (perMinute === 0) return;
  const isShared = db.kind === 'postgresql';
  await app.register(rateLimit, {
    global: false,
    ...(isShared ? { store: databaseRateLimitStore(db) } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return errorBody(
        429,
        `Too many requests from this address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      );
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
