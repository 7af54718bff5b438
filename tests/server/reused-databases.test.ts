/**
 * Test databases used again (reused-databases.ts): one a test has closed comes back to the next
 * as a new copy of the migrated database would be, or a new copy is opened.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { reusedDatabases } from './reused-databases';
import { buildTestApp, openMigratedCopy } from './test-app';

/** Databases lent by a pool of its own, and how many it has opened. */
function pool(options: { putBackMs?: number } = {}) {
  const opened: Database[] = [];
  const take = reusedDatabases(async () => {
    const db = await openMigratedCopy();
    opened.push(db);
    return db;
  }, options);
  return { take, opened };
}

/** Every table's rows and every sequence's state, summed up. */
async function contentsOf(db: Database): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    "SELECT format('%I', tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const contents: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ n: number; digest: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS digest FROM ${name} t`,
    );
    contents[name] = `${row?.n} ${row?.digest}`;
  }
  const sequences = await db.query<{ name: string; last: string | null }>(
    "SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'",
  );
  for (const { name, last } of sequences) contents[`sequence ${name}`] = String(last);
  return contents;
}

describe('test databases used again', () => {
  it('come back as a new copy of the migrated database is: the same rows in every table, every sequence where it stood', async () => {
    const fresh = await openMigratedCopy();
    const expected = await contentsOf(fresh);
    await fresh.close();
    const { take, opened } = pool();

    const first = await take();
    // The demo data writes to most tables and moves most sequences on.
    const app = await buildTestApp({ db: first });
    expect((await app.inject({ url: '/api/listings' })).statusCode).toBe(200);
    const written = await contentsOf(first);
    // Closing the app closes its database, which goes back to the pool.
    await app.close();
    expect(written).not.toEqual(expected);

    const second = await take();
    expect(opened).toHaveLength(1);
    expect(await contentsOf(second)).toEqual(expected);
    // And the demo data goes in again as it did into a new one.
    const again = await buildTestApp({ db: second });
    expect((await again.inject({ url: '/api/listings' })).statusCode).toBe(200);
    await again.close();
    // Two servers with the demo data, and every table read four times.
  }, 90_000);

  it('refuses every query once the test has closed it', async () => {
    const { take } = pool();
    const db = await take();
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('closed');
    await expect(db.transaction(async (tx) => tx.query('SELECT 1'))).rejects.toThrow('closed');
  });

  it('is not used again once a test has changed its shape: a new copy is opened', async () => {
    const { take, opened } = pool();
    const first = await take();
    await first.query('CREATE TABLE left_behind (id int)');
    await first.close();

    const second = await take();
    expect(opened).toHaveLength(2);
    expect(await second.query("SELECT 1 FROM pg_tables WHERE tablename = 'left_behind'")).toEqual([]);
    await second.close();
  });

  it('is not waited for when a test left a transaction open: a new copy is opened', async () => {
    const { take, opened } = pool({ putBackMs: 300 });
    const first = await take();
    let finish: () => void = () => undefined;
    const held = first.transaction(() => new Promise<void>((resolve) => (finish = resolve)));
    await first.close();

    const second = await take();
    expect(opened).toHaveLength(2);
    expect(await second.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await second.close();
    finish();
    await held;
    await opened[0]?.close();
  });
});
