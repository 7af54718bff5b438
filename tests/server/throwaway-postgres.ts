/**
 * A throwaway database on the PostgreSQL server TEST_DATABASE_URL names, for the tests
 * that must run on a real server: made fresh with a random name, dropped afterwards.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  /** The connection string of the new database. */
  url: string;
  /** Drops it, closing whatever is still connected. */
  drop(): Promise<void>;
}

export async function throwawayDatabase(serverUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
