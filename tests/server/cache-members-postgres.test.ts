/**
 * Public verdicts kept in memory by several instances on one PostgreSQL server (decision 077):
 * a write that changed the registry returns only once every instance holding a lease has heard
 * it, or has lost its lease; an instance whose lease is not renewed stops answering from memory;
 * a write rolled back waits for no one. Each "instance" is a Database of its own with its own
 * listening connection, as a server process has. A member row written by hand stands for an
 * instance that has stopped hearing. Writes go to a table of the test's own that fires migration
 * 0047's trigger function, as the registry's tables do.
 * Runs when TEST_DATABASE_URL is set, in a throwaway database.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CacheMember, joinCacheMembers, REGISTRY_CHANGED } from '../../src/server/cache/cache-members';
import { type NotifiedCache, notifiedCache } from '../../src/server/cache/notified-cache';
import { type Database, openPostgres } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

const baseUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = pino({ level: 'silent' });

interface Instance {
  db: Database;
  cache: NotifiedCache<string>;
  member: CacheMember;
  stop: () => Promise<void>;
}

describe.skipIf(!baseUrl)('verdicts kept in memory by several instances on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase;
  let url: string;
  const opened: Instance[] = [];

  async function instance(options: { leaseMs?: number; renewMs?: number } = {}): Promise<Instance> {
    const db = await openPostgres(url);
    const joining: { member?: CacheMember } = {};
    const cache = notifiedCache<string>({
      maxEntries: 100,
      maxAgeMs: 60_000,
      isTrusted: () => joining.member?.isTrusted() ?? false,
    });
    const joined = await joinCacheMembers(db, { cache, log, ...options });
    joining.member = joined;
    const stopWaiting = db.afterCommitOf?.(REGISTRY_CHANGED, () => joined.barrier());
    for (let waited = 0; !joined.isTrusted() && waited < 5000; waited += 10) await sleep(10);
    expect(joined.isTrusted()).toBe(true);
    const made: Instance = {
      db,
      cache,
      member: joined,
      stop: async () => {
        stopWaiting?.();
        await joined.stop();
        await db.close();
      },
    };
    opened.push(made);
    return made;
  }

  beforeAll(async () => {
    throwaway = await throwawayDatabase(baseUrl ?? '', 'nambala_members');
    url = throwaway.url;
    const db = await openPostgres(url);
    await migrate(db);
    await db.query('CREATE TABLE registry_writes (n int)');
    await db.query(
      'CREATE TRIGGER registry_writes_changed AFTER INSERT ON registry_writes FOR EACH ROW EXECUTE FUNCTION notify_registry_changed()',
    );
    await db.close();
  });
  afterAll(async () => {
    for (const made of opened) await made.stop().catch(() => undefined);
    await throwaway?.drop();
  });

  it('returns a registry write only once every instance has emptied its memory, waiting out one that stopped hearing', async () => {
    const [a, b] = [await instance(), await instance()];
    for (const { cache } of [a, b]) {
      expect(await cache.get('ZM-123-ABC', async () => 'Valid')).toBe('Valid');
      expect(cache.peek('ZM-123-ABC')).toBe('Valid');
    }
    // An instance that took a lease and then heard nothing more: it must be waited for until its lease runs out.
    await a.db.query(
      "INSERT INTO verdict_cache_members (id, lease_until, acked) VALUES ('stopped-hearing', clock_timestamp() + interval '1500 milliseconds', 0)",
    );
    await a.db.transaction(async (tx) => {
      await tx.query('INSERT INTO registry_writes (n) VALUES (1), (2)');
    });
    const [stopped] = await a.db.query<{ lapsed: boolean }>(
      "SELECT lease_until <= clock_timestamp() AS lapsed FROM verdict_cache_members WHERE id = 'stopped-hearing'",
    );
    expect(stopped?.lapsed).toBe(true);
    for (const { cache } of [a, b]) expect(cache.peek('ZM-123-ABC')).toBeUndefined();

    // The same for a statement outside a transaction, written through the other instance.
    for (const { cache } of [a, b]) await cache.get('ZM-123-ABC', async () => 'Valid');
    await b.db.query('INSERT INTO registry_writes (n) VALUES (3)');
    for (const { cache } of [a, b]) expect(cache.peek('ZM-123-ABC')).toBeUndefined();
    const [behind] = await a.db.query<{ behind: number }>(
      `SELECT count(*)::int AS behind FROM verdict_cache_members
       WHERE lease_until > clock_timestamp() AND acked < (SELECT last_value FROM verdict_barrier_seq)`,
    );
    expect(behind?.behind).toBe(0);
  });

  it('sends no barrier for a write rolled back, or for one that does not touch the registry', async () => {
    const a = await instance();
    const barriers = async () =>
      (await a.db.query<{ n: string }>('SELECT last_value::text AS n FROM verdict_barrier_seq'))[0]?.n;
    const before = await barriers();
    await expect(
      a.db.transaction(async (tx) => {
        await tx.query('INSERT INTO registry_writes (n) VALUES (4)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await a.db.transaction(async (tx) => {
      await tx.query("SELECT set_config('nambala.unrelated', 'yes', true)");
    });
    expect(await barriers()).toBe(before);
    await a.db.query('INSERT INTO registry_writes (n) VALUES (5)');
    expect(await barriers()).not.toBe(before);
  });

  it('stops answering from memory once its lease is no longer renewed', async () => {
    const lonely = await instance({ leaseMs: 600, renewMs: 60_000 });
    expect(await lonely.cache.get('ZM-456-DEF', async () => 'Expired')).toBe('Expired');
    expect(lonely.cache.peek('ZM-456-DEF')).toBe('Expired');
    await sleep(700);
    expect(lonely.member.isTrusted()).toBe(false);
    expect(lonely.cache.peek('ZM-456-DEF')).toBeUndefined();
    // It reads afresh, and keeps nothing it reads meanwhile.
    expect(await lonely.cache.get('ZM-456-DEF', async () => 'Stolen')).toBe('Stolen');
    expect(lonely.cache.peek('ZM-456-DEF')).toBeUndefined();
  });
});
