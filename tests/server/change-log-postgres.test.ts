/**
 * The change log's cursor on a real PostgreSQL server, where writers commit in any
 * order: a pull reads only below the oldest transaction still running, so a change
 * that commits late is never skipped by a cursor that has moved on, and none comes
 * twice. Writers are plain `pg` connections holding transactions open; the puller
 * is the app's own pooled Database, as the pull route uses it.
 * Runs when TEST_DATABASE_URL is set, in a throwaway database.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, type Queryable } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { changeLogRepository } from '../../src/server/repositories/change-log-repository';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

const baseUrl = process.env.TEST_DATABASE_URL;

interface Cursor {
  txid: string;
  seq: string;
}
const ZERO: Cursor = { txid: '0', seq: '0' };
const compareCursor = (a: Cursor, b: Cursor) =>
  BigInt(a.txid) === BigInt(b.txid) ? Number(BigInt(a.seq) - BigInt(b.seq)) : BigInt(a.txid) < BigInt(b.txid) ? -1 : 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small seeded generator, so a failing run can be repeated with CHANGE_LOG_SEED. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

/** One connection holding its own transactions, recording through the repository as the app's writers do. */
class Writer {
  readonly client: pg.Client;
  readonly log: ReturnType<typeof changeLogRepository>;
  constructor(url: string) {
    this.client = new pg.Client({ connectionString: url });
    const client = this.client;
    const queryable: Queryable = {
      async query<Row>(text: string, params: readonly unknown[] = []) {
        return (await client.query(text, [...params])).rows as Row[];
      },
    };
    this.log = changeLogRepository(queryable);
  }
  connect = () => this.client.connect();
  end = () => this.client.end();
  begin = async () => void (await this.client.query('BEGIN'));
  commit = async () => void (await this.client.query('COMMIT'));
  rollback = async () => void (await this.client.query('ROLLBACK'));
  /** This transaction's id, assigning one now if it has none yet. */
  async txid(): Promise<string> {
    return (await this.client.query<{ txid: string }>('SELECT pg_current_xact_id()::text AS txid')).rows[0]?.txid ?? '';
  }
  /** Records a change and returns its sequence number (read back inside the transaction: no one else sees it yet). */
  async record(scopes: string[], id: string): Promise<string> {
    await this.log.record(scopes, 'probe', id, 'put', { id });
    return (
      (
        await this.client.query<{ seq: string }>('SELECT max(seq)::text AS seq FROM change_log WHERE entity_id = $1', [
          id,
        ])
      ).rows[0]?.seq ?? ''
    );
  }
}

/** A device's view: its cursor and every change id it was given, in order. */
class Puller {
  cursor: Cursor = ZERO;
  readonly received: string[] = [];
  pulls = 0;
  constructor(
    private readonly db: Queryable,
    private readonly scopes: string[],
    private readonly limit: number,
  ) {}

  /** One page; checks the cursor never moves back and the page's own bookkeeping. */
  async pull() {
    const page = await changeLogRepository(this.db).page(this.scopes, this.cursor, this.limit);
    this.pulls += 1;
    const changes = JSON.parse(page.changesJson) as Array<{ id: string }>;
    expect(changes).toHaveLength(page.count);
    expect(page.count).toBeLessThanOrEqual(this.limit);
    if (!page.hasMore) expect(page.remaining).toBe(0);
    expect(
      compareCursor(page.next, this.cursor),
      `cursor went back from ${JSON.stringify(this.cursor)} to ${JSON.stringify(page.next)}`,
    ).toBeGreaterThanOrEqual(0);
    this.cursor = page.next;
    const ids = changes.map((change) => change.id);
    this.received.push(...ids);
    return { ...page, ids };
  }

  /** Pulls until every id in `expected` has come and a page comes back empty (another test's transaction may hold the fence back a moment). */
  async drain(expected: Iterable<string>, timeoutMs = 10_000) {
    const wanted = new Set(expected);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = await this.pull();
      if (!page.hasMore && page.ids.length === 0 && [...wanted].every((id) => this.received.includes(id))) return;
      if (Date.now() > deadline)
        throw new Error(
          `still missing ${[...wanted].filter((id) => !this.received.includes(id)).join(', ')} after ${timeoutMs} ms`,
        );
      if (!page.hasMore) await sleep(5);
    }
  }
}

describe.skipIf(!baseUrl)('change log cursor on a real PostgreSQL server', () => {
  let throwaway: ThrowawayDatabase | undefined;
  let url: string;
  let db: Database;
  const writers: Writer[] = [];

  async function newWriter(): Promise<Writer> {
    const writer = new Writer(url);
    await writer.connect();
    writers.push(writer);
    return writer;
  }

  beforeAll(async () => {
    throwaway = await throwawayDatabase(baseUrl ?? '', 'nambala_changelog');
    url = throwaway.url;
    db = await openPostgres(url);
    await migrate(db);
  });
  // A test that fails with a transaction open would hold every later pull's fence back.
  afterEach(async () => {
    await Promise.all(writers.map((writer) => writer.client.query('ROLLBACK').catch(() => undefined)));
  });
  afterAll(async () => {
    // Close every connection first: a connection ended by DROP ... WITH (FORCE) would raise an unhandled error.
    await Promise.all(writers.map((writer) => writer.end().catch(() => undefined)));
    await db?.close();
    await throwaway?.drop();
  });

  it('does not move past a writer that commits late, then gives both changes once', async () => {
    const scope = `late:${randomUUID()}`;
    const a = await newWriter();
    const b = await newWriter();
    const puller = new Puller(db, [scope], 100);
    await puller.drain([]);

    await a.begin();
    const seqA = await a.record([scope], 'A');
    const txA = await a.txid();
    await b.begin();
    const seqB = await b.record([scope], 'B');
    const txB = await b.txid();
    await b.commit();
    expect(BigInt(seqA)).toBeLessThan(BigInt(seqB));
    expect(BigInt(txA)).toBeLessThan(BigInt(txB));

    // B is committed and past A in the log, but A is still running: the pull neither gives B nor moves its cursor past A.
    const held = await puller.pull();
    expect(held.ids).toEqual([]);
    expect(held.hasMore).toBe(false);
    expect(BigInt(puller.cursor.txid)).toBeLessThanOrEqual(BigInt(txA));
    const heldCursor = puller.cursor;

    await a.commit();
    await puller.drain(['A', 'B']);
    expect(puller.received).toEqual(['A', 'B']);
    // From the cursor given while A was running, a fresh device gets the same two.
    const again = new Puller(db, [scope], 100);
    again.cursor = heldCursor;
    await again.drain(['A', 'B']);
    expect(again.received).toEqual(['A', 'B']);
  });

  it('gives a change that commits first though it was recorded last, without skipping the one still running', async () => {
    const scope = `early:${randomUUID()}`;
    const a = await newWriter();
    const b = await newWriter();
    const puller = new Puller(db, [scope], 100);
    await puller.drain([]);

    // A started first (the lower transaction id) but records after B (the higher sequence number) and commits first.
    await a.begin();
    const txA = await a.txid();
    await b.begin();
    const seqB = await b.record([scope], 'B');
    const txB = await b.txid();
    const seqA = await a.record([scope], 'A');
    expect(BigInt(txA)).toBeLessThan(BigInt(txB));
    expect(BigInt(seqA)).toBeGreaterThan(BigInt(seqB));
    await a.commit();

    // A is below the oldest running transaction (B) and comes; B does not, and the cursor stays at or below B.
    const deadline = Date.now() + 10_000;
    while (!puller.received.includes('A')) {
      const page = await puller.pull();
      expect(page.ids).not.toContain('B');
      if (Date.now() > deadline) throw new Error('A never came');
      await sleep(5);
    }
    expect(puller.received).toEqual(['A']);
    expect(BigInt(puller.cursor.txid)).toBeLessThanOrEqual(BigInt(txB));

    await b.commit();
    await puller.drain(['A', 'B']);
    expect(puller.received).toEqual(['A', 'B']);
  });

  it('misses nothing and repeats nothing in every order of transaction ids, log order and commit order', async () => {
    const a = await newWriter();
    const b = await newWriter();
    const named = { A: a, B: b } as const;
    const orders = [
      ['A', 'B'],
      ['B', 'A'],
    ] as const;
    for (const xidOrder of orders) {
      for (const recordOrder of orders) {
        for (const commitOrder of orders) {
          const label = `txids ${xidOrder.join('<')}, log ${recordOrder.join('<')}, commits ${commitOrder.join(' then ')}`;
          const scope = `perm:${randomUUID()}`;
          const puller = new Puller(db, [scope], 1);
          await puller.drain([]);
          const txids: Record<string, string> = {};
          await a.begin();
          await b.begin();
          for (const name of xidOrder) txids[name] = await named[name].txid();
          for (const name of recordOrder) await named[name].record([scope], name);
          const running = new Set(['A', 'B']);
          /** Nothing from a running writer, nor from past the oldest of them. */
          const check = async () => {
            for (let page = await puller.pull(); ; page = await puller.pull()) {
              const fence = [...running]
                .map((name) => BigInt(txids[name] ?? '0'))
                .reduce((low, txid) => (txid < low ? txid : low), 2n ** 64n);
              for (const id of page.ids) {
                expect(running.has(id), `${label}: ${id} came while running`).toBe(false);
                expect(BigInt(txids[id] ?? '0'), `${label}: ${id} came past a running writer`).toBeLessThan(fence);
              }
              if (running.size > 0) expect(BigInt(puller.cursor.txid), label).toBeLessThanOrEqual(fence);
              if (!page.hasMore) return;
            }
          };
          await check();
          for (const name of commitOrder) {
            await named[name].commit();
            running.delete(name);
            await check();
          }
          await puller.drain(['A', 'B']);
          const byTxid = ['A', 'B'].sort((x, y) => (BigInt(txids[x] ?? '0') < BigInt(txids[y] ?? '0') ? -1 : 1));
          expect(puller.received, label).toEqual(byTxid);
        }
      }
    }
  });

  it('delivers every committed change exactly once to pullers racing random writers', async () => {
    const WRITERS = 6;
    const ROUNDS = 30;
    const BUDGET_MS = 20_000;
    const seed = Number(process.env.CHANGE_LOG_SEED) || Date.now() % 2 ** 31;
    const rng = random(seed);
    const pool = await Promise.all(Array.from({ length: WRITERS }, () => newWriter()));
    const started = Date.now();
    let rounds = 0;
    let delivered = 0;
    let rolledBack = 0;

    for (let round = 0; round < ROUNDS && Date.now() - started < BUDGET_MS; round += 1) {
      const main = `rand:${round}:${randomUUID()}`;
      const other = `rand-other:${round}:${randomUUID()}`;
      // What each scope should end up with: committed changes, in transaction-id order (then log order).
      const committed: Array<{ id: string; scopes: string[]; txid: bigint; seq: bigint }> = [];
      const discarded = new Set<string>();

      const write = async (writer: Writer, w: number) => {
        const transactions = rng.int(1, 3);
        for (let t = 0; t < transactions; t += 1) {
          await sleep(rng.int(0, 20));
          await writer.begin();
          // Sometimes take a transaction id before writing, so id order and log order differ.
          if (rng.next() < 0.3) await writer.txid();
          const mine: Array<{ id: string; scopes: string[]; seq: bigint }> = [];
          const changes = rng.int(1, 3);
          for (let c = 0; c < changes; c += 1) {
            const id = `r${round}-w${w}-t${t}-c${c}`;
            const pick = rng.next();
            const scopes = pick < 0.6 ? [main] : pick < 0.85 ? [main, other] : [other];
            if (rng.next() < 0.15) {
              // Recorded in a savepoint that is rolled back: it never happened.
              await writer.client.query('SAVEPOINT probe');
              await writer.record(scopes, `${id}-undone`);
              await writer.client.query('ROLLBACK TO SAVEPOINT probe');
              discarded.add(`${id}-undone`);
            }
            mine.push({ id, scopes, seq: BigInt(await writer.record(scopes, id)) });
            await sleep(rng.int(0, 20));
          }
          const txid = BigInt(await writer.txid());
          if (rng.next() < 0.25) {
            await writer.rollback();
            for (const change of mine) discarded.add(change.id);
          } else {
            await writer.commit();
            committed.push(...mine.map((change) => ({ ...change, txid })));
          }
        }
      };

      const pullers = [new Puller(db, [main], 5), new Puller(db, [other], 3)];
      let writing = true;
      // Settled at once, so a puller's failed check is reported after the writers stop, not as an unhandled rejection.
      const pulling = Promise.allSettled(
        pullers.map(async (puller) => {
          while (writing) {
            const page = await puller.pull();
            if (!page.hasMore) await sleep(rng.int(0, 5));
          }
        }),
      );
      try {
        await Promise.all(pool.map((writer, w) => write(writer, w)));
      } finally {
        writing = false;
      }
      for (const outcome of await pulling) if (outcome.status === 'rejected') throw outcome.reason;

      for (const [puller, scope] of [
        [pullers[0], main],
        [pullers[1], other],
      ] as const) {
        const expected = committed
          .filter((change) => change.scopes.includes(scope))
          .sort((x, y) => (x.txid === y.txid ? Number(x.seq - y.seq) : x.txid < y.txid ? -1 : 1))
          .map((change) => change.id);
        await puller?.drain(expected);
        expect(puller?.received, `seed ${seed}, round ${round}, scope ${scope}`).toEqual(expected);
        expect(
          puller?.received.filter((id) => discarded.has(id)),
          `seed ${seed}: rolled back changes came`,
        ).toEqual([]);
        delivered += puller?.received.length ?? 0;
      }
      rolledBack += discarded.size;
      rounds += 1;
    }
    // eslint-disable-next-line no-console
    console.log(
      `cursor rounds: ${rounds}, changes: ${delivered} (rolled back, never delivered: ${rolledBack}; seed ${seed}; ${Date.now() - started} ms)`,
    );
    expect(rounds).toBeGreaterThanOrEqual(10);
  }, 30_000);
});
