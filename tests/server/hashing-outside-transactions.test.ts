/**
 * Password hashing (32 MiB of scrypt work) is done before any database transaction opens,
 * so a burst of sign-ups, or an administrator adding users, cannot hold connections while
 * hashing. Every hash is recorded with whether a transaction was open at that moment.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { buildApp } from '../../src/server/app';
import { type Database } from '../../src/server/db/database';
import type * as passwords from '../../src/server/auth/passwords';
import { acceptInvitation, sessionForNewAccount, signUp, openTestDatabase } from './test-app';

const watch = vi.hoisted(() => ({ openTransactions: 0, hashes: [] as boolean[] }));

vi.mock('../../src/server/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return {
    ...original,
    hashPassword: (password: string) => {
      watch.hashes.push(watch.openTransactions > 0);
      return original.hashPassword(password);
    },
  };
});

/** The database, with a count of the transactions open at each moment. */
function watched(db: Database): Database {
  return {
    kind: db.kind,
    query: (text, params) => db.query(text, params),
    async transaction(fn) {
      watch.openTransactions += 1;
      try {
        return await db.transaction(fn);
      } finally {
        watch.openTransactions -= 1;
      }
    },
    close: () => db.close(),
  };
}

const PASSWORD = 'mango-kettle-river';

describe('password hashing', () => {
  let app: FastifyInstance;
  let adminCookie = '';
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    const config = loadConfig(
      {},
      {
        dataDir: 'memory://',
        seedDemo: false,
        appDir: '/nonexistent',
        logLevel: 'silent',
        demoRegistryPlates: 300,
        publicVerdictCacheMs: 0,
        authRateLimit: 0,
      },
    );
    app = await buildApp({ config, db: watched(db), logger: false });
    app.addHook('onClose', () => db.close());
    ({ cookie: adminCookie } = await sessionForNewAccount(db, {
      email: 'admin@example.zm',
      name: 'Admin',
      userType: 'ADMIN',
      roles: ['admin'],
    }));
  });
  afterAll(() => app.close());

  it('happens outside any transaction for sign-ups, whether or not the email has an account', async () => {
    watch.hashes.length = 0;
    const body = {
      name: 'Mwila Banda',
      email: 'mwila@example.zm',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userType: 'individual',
    };
    expect((await signUp(app, body)).statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body })).statusCode).toBe(202);
    expect(watch.hashes).toEqual([false, false]);
  });

  it('happens outside the push’s transaction when an administrator adds a user', async () => {
    watch.hashes.length = 0;
    const push = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: adminCookie },
      payload: {
        clientId: 'admin-device',
        mutations: [
          {
            id: randomUUID(),
            intent: 'addUser',
            payload: {
              id: randomUUID(),
              name: 'Chanda Phiri',
              email: 'chanda@example.zm',
              userType: 'Customer',
              status: 'Active',
            },
          },
        ],
      },
    });
    expect(push.statusCode, push.body).toBe(200);
    expect(push.json().results[0]).toMatchObject({ outcome: 'applied' });
    expect(watch.hashes).toEqual([false]);
    // The invited user chooses their password: hashed outside the transaction that uses the link.
    expect((await acceptInvitation(app, db, 'chanda@example.zm', PASSWORD)).statusCode).toBe(204);
    expect(watch.hashes).toEqual([false, false]);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'chanda@example.zm', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('lets other requests through while a burst of sign-ups hashes: a listing waits a small part of the burst, not for it', async () => {
    const listing = async () => {
      const started = performance.now();
      expect((await app.inject({ method: 'GET', url: '/api/listings' })).statusCode).toBe(200);
      return performance.now() - started;
    };
    await listing();
    const burstStarted = performance.now();
    const burst = Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: {
            name: 'Flood',
            email: `flood-${index}@example.zm`,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            userType: 'individual',
          },
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waits: number[] = [];
    for (let index = 0; index < 4; index += 1) waits.push(await listing());
    const answers = await burst;
    const burstTook = performance.now() - burstStarted;
    expect(answers.every((answer) => answer.statusCode === 202)).toBe(true);
    // 16 hashes, 2 at a time, take several hash times; with hashing inside transactions a
    // listing queued behind them (one connection) waited for most of that.
    expect(Math.max(...waits)).toBeLessThan(burstTook / 4);
  });
});
