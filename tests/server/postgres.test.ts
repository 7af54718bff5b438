/**
 * The same server on a real PostgreSQL server (DATABASE_URL). Runs when
 * TEST_DATABASE_URL is set, as CI does (.ci/run starts a throwaway cluster).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { listMigrations } from '../../src/server/db/migrate';
import { DEMO_LISTINGS } from '../../src/server/seed/demo-listings';
import { acceptInvitation } from './test-app';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('on a real PostgreSQL server', () => {
  let throwaway: ThrowawayDatabase | undefined;
  let url: string;

  beforeAll(async () => {
    throwaway = await throwawayDatabase(baseUrl ?? '', 'nambala_test');
    url = throwaway.url;
  });
  afterAll(async () => {
    await throwaway?.drop();
  });

  it('migrates, reports postgresql in health, and does not seed demo data unless asked', async () => {
    const app = await buildApp({
      config: loadConfig(
        { DATABASE_URL: url },
        { appDir: '/nonexistent', logLevel: 'silent', keyDir: 'memory://', demoRegistryPlates: 300 },
      ),
      logger: false,
    });
    try {
      const health = (await app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(health).toMatchObject({
        status: 'ok',
        database: 'postgresql',
        migration: (await listMigrations()).at(-1),
      });
      const listings = (await app.inject({ method: 'GET', url: '/api/listings' })).json();
      expect(listings.listings).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('two instances starting together migrate once', async () => {
    const config = loadConfig(
      { DATABASE_URL: url, SEED_DEMO: 'true' },
      { appDir: '/nonexistent', logLevel: 'silent', keyDir: 'memory://', demoRegistryPlates: 300 },
    );
    const [a, b] = await Promise.all([buildApp({ config, logger: false }), buildApp({ config, logger: false })]);
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('SELECT count(*)::int AS n FROM schema_migrations');
      await client.end();
      expect(rows[0].n).toBe((await listMigrations()).length);
      const listings = (await a.inject({ method: 'GET', url: '/api/listings' })).json();
      expect(listings.listings).toHaveLength(DEMO_LISTINGS.length);
      const contact = await b.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'A', email: 'a@b.zm', subject: 's', message: 'm' },
      });
      expect(contact.statusCode).toBe(201);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  describe('pushes racing on two server instances', () => {
    let a: Awaited<ReturnType<typeof buildApp>>;
    let b: Awaited<ReturnType<typeof buildApp>>;
    const cookies: Record<string, string> = {};

    async function signIn(app: typeof a, email: string, password: string): Promise<string> {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      expect(response.statusCode).toBe(200);
      return String(response.headers['set-cookie']).split(';')[0] ?? '';
    }
    const push = (app: typeof a, cookie: string, mutation: { id: string; intent: string; payload: unknown }) =>
      app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { cookie },
        payload: { clientId: 'race', mutations: [mutation] },
      });

    beforeAll(async () => {
      const config = loadConfig(
        { DATABASE_URL: url, SEED_DEMO: 'true' },
        { appDir: '/nonexistent', logLevel: 'silent', keyDir: 'memory://', demoRegistryPlates: 300 },
      );
      [a, b] = await Promise.all([buildApp({ config, logger: false }), buildApp({ config, logger: false })]);
      cookies.first = await signIn(a, 'admin@nambala.zm', 'Admin#2026');
      const second = await push(a, cookies.first, {
        id: randomUUID(),
        intent: 'addUser',
        payload: {
          id: randomUUID(),
          name: 'Second Admin',
          email: 'second-admin@example.zm',
          userType: 'ADMIN',
          status: 'Active',
        },
      });
      expect(second.json().results[0].outcome).toBe('applied');
      expect(
        (await acceptInvitation(a, { adminCookie: cookies.first ?? '' }, 'second-admin@example.zm', 'second-admin-1'))
          .statusCode,
      ).toBe(204);
      cookies.second = await signIn(b, 'second-admin@example.zm', 'second-admin-1');
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
    });

    it('applies a change sent eight times at once exactly once, and answers each the same', async () => {
      const mutation = {
        id: randomUUID(),
        intent: 'addUser',
        payload: {
          id: randomUUID(),
          name: 'Raced User',
          email: 'raced@example.zm',
          userType: 'Customer',
          status: 'Active',
        },
      };
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) => push(index % 2 ? b : a, cookies.first ?? '', mutation)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
      const answers = responses.map((response) => JSON.stringify(response.json().results[0]));
      expect(new Set(answers).size).toBe(1);
      expect(JSON.parse(answers[0] ?? '{}')).toMatchObject({ outcome: 'applied' });
      const users = (
        await a.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: cookies.first ?? '' } })
      ).json().users;
      expect(users.filter((user: { email: string }) => user.email === 'raced@example.zm')).toHaveLength(1);
    });

    it('two administrators demoting each other at once leave one active administrator and no server error', async () => {
      const users = (
        await a.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: cookies.first ?? '' } })
      ).json().users as Array<{ id: string; email: string; name: string }>;
      const first = users.find((user) => user.email === 'admin@nambala.zm');
      const second = users.find((user) => user.email === 'second-admin@example.zm');
      const demote = (target: typeof first) => ({
        id: randomUUID(),
        intent: 'editUser',
        payload: { id: target?.id, name: target?.name, email: target?.email, userType: 'Customer', status: 'Active' },
      });
      const [byFirst, bySecond] = await Promise.all([
        push(a, cookies.first ?? '', demote(second)),
        push(b, cookies.second ?? '', demote(first)),
      ]);
      const outcomes = [byFirst, bySecond].map((response) =>
        response.statusCode === 200 ? response.json().results[0].outcome : response.statusCode,
      );
      // One wins; the other is refused (last administrator, or no longer an administrator at all).
      expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
      expect(outcomes.every((outcome) => outcome === 'applied' || outcome === 'rejected' || outcome === 403)).toBe(
        true,
      );
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query(
        "SELECT count(*)::int AS n FROM users WHERE user_type = 'ADMIN' AND status = 'Active'",
      );
      await client.end();
      expect(rows[0].n).toBe(1);
    });
  });
});
