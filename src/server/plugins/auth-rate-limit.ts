/**
 * A limit on the account routes per client address (sign-in, sign-up, password reset and
 * change): AUTH_RATE_LIMIT requests a minute, then 429 with Retry-After. It stops one
 * client trying many emails, which the per-email lock (throttleRepository) does not. The
 * address is the peer's, or the forwarded one only from a proxy named in TRUST_PROXY.
 * Counts are kept in each server instance's memory: behind a load balancer with N
 * instances a client gets up to N times the limit (docs/security.md).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler';

/** What an account route adds to its `config`: the limit, or nothing when it is off. */
export function accountRouteLimit(perMinute: number): { rateLimit?: { max: number; timeWindow: number } } {
  return perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: 60_000 } } : {};
}

export async function registerAuthRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute === 0) return;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return errorBody(429, `Too many requests from this address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
    },
  });
}
