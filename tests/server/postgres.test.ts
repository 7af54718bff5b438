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

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('on a real PostgreSQL server', () => {
  const database = `nambala_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let admin: pg.Client;
  let url: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const parsed = new URL(baseUrl ?? '');
    parsed.pathname = `/${database}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('migrates, reports postgresql in health, and does not seed demo data unless asked', async () => {
    const app = await buildApp({ config: loadConfig({ DATABASE_URL: url }, { appDir: '/nonexistent', logLevel: 'silent' }), logger: false });
    try {
      const health = (await app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(health).toMatchObject({ status: 'ok', database: 'postgresql', migration: (await listMigrations()).at(-1) });
      const listings = (await app.inject({ method: 'GET', url: '/api/listings' })).json();
      expect(listings.listings).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('two instances starting together migrate once', async () => {
    const config = loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }, { appDir: '/nonexistent', logLevel: 'silent' });
    const [a, b] = await Promise.all([buildApp({ config, logger: false }), buildApp({ config, logger: false })]);
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('SELECT count(*)::int AS n FROM schema_migrations');
      await client.end();
      expect(rows[0].n).toBe((await listMigrations()).length);
      const listings = (await a.inject({ method: 'GET', url: '/api/listings' })).json();
      expect(listings.listings).toHaveLength(DEMO_LISTINGS.length);
      const contact = await b.inject({ method: 'POST', url: '/api/contact', payload: { name: 'A', email: 'a@b.zm', subject: 's', message: 'm' } });
      expect(contact.statusCode).toBe(201);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
