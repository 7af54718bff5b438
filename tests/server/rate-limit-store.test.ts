/**
 * The account routes' limit counted in the database (the store @fastify/rate-limit uses on
 * PostgreSQL): two server instances' stores on one database count one address together,
 * routes and addresses apart, and a key over its limit is answered from memory. Run here on
 * PGlite (the same SQL); tests/server/two-instances-postgres.test.ts runs it through two
 * server processes on PostgreSQL.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../src/server/db/database';
import { openTestDatabase } from './test-app';
import { migrate } from '../../src/server/db/migrate';
import { databaseRateLimitStore } from '../../src/server/plugins/rate-limit-store';
import { rateLimitRepository } from '../../src/server/repositories/rate-limit-repository';

const route = (url: string) => ({ routeInfo: { method: 'POST', url } });

function hit(
  store: FastifyRateLimitStore,
  key: string,
  timeWindow: number,
  max: number,
): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
      timeWindow,
      max,
    ),
  );
}

describe('the rate-limit store in the database', () => {
  let db: Database;
  let statements = 0;
  /** The database as the stores see it, counting their statements. */
  let counted: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
    await migrate(db);
    counted = {
      ...db,
      query: (text, params) => {
        statements += 1;
        return db.query(text, params);
      },
    };
  });
  afterAll(() => db.close());

  /** A store as one server instance makes it, for one route. */
  const instance = (url: string) => new (databaseRateLimitStore(counted))({}).child(route(url) as never);

  it('counts one address together across two instances, and refuses past the limit on either', async () => {
    const [first, second] = [instance('/api/auth/login'), instance('/api/auth/login')];
    const counts = [];
    for (let i = 0; i < 6; i += 1)
      counts.push((await hit(i % 2 === 0 ? first : second, '203.0.113.1', 60_000, 4)).current);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('counts routes and addresses apart', async () => {
    const login = instance('/api/auth/login');
    const signup = instance('/api/auth/signup');
    expect((await hit(login, '203.0.113.2', 60_000, 4)).current).toBe(1);
    expect((await hit(login, '203.0.113.2', 60_000, 4)).current).toBe(2);
    expect((await hit(signup, '203.0.113.2', 60_000, 4)).current).toBe(1);
    expect((await hit(login, '203.0.113.3', 60_000, 4)).current).toBe(1);
  });

  it('starts a window again once it has ended, and the ended rows can be deleted', async () => {
    const store = instance('/api/auth/password');
    expect((await hit(store, '203.0.113.4', 300, 1)).current).toBe(1);
    const over = await hit(store, '203.0.113.4', 300, 1);
    expect(over.current).toBe(2);
    expect(over.ttl).toBeGreaterThan(0);
    expect(over.ttl).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await hit(store, '203.0.113.4', 300, 1)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await rateLimitRepository(db).deleteEnded()).toBeGreaterThanOrEqual(1);
    expect(await rateLimitRepository(db).read('POST /api/auth/password|203.0.113.4')).toEqual({ hits: 0, ttlMs: 0 });
  });

  it('answers a key over its limit from memory until its window ends, without a statement', async () => {
    const store = instance('/api/auth/forgot');
    for (let i = 0; i < 3; i += 1) await hit(store, '203.0.113.5', 60_000, 2);
    const before = statements;
    const answers = await Promise.all(Array.from({ length: 20 }, () => hit(store, '203.0.113.5', 60_000, 2)));
    expect(statements).toBe(before);
    expect(answers.every((answer) => answer.current > 2 && answer.ttl > 0)).toBe(true);
    // Another instance has not seen it over the limit yet: it asks the database once, and is told so.
    const other = instance('/api/auth/forgot');
    expect((await hit(other, '203.0.113.5', 60_000, 2)).current).toBe(4);
    expect(statements).toBe(before + 1);
  });
});
