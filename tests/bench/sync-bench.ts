/**
 * Sync figures for `npm run bench`:
 * - push throughput: mutations applied per second through POST /api/sync/push, on
 *   the embedded database and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on
 *   PostgreSQL [≥ 1,000/s];
 * - first sync: 100,000 change-log records pulled into IndexedDB by the built app
 *   in headless Chromium, in records per second [≥ 5,000/s], and the longest
 *   main-thread block meanwhile (PerformanceObserver 'longtask') [none over 50 ms];
 *   beside it, the same records put into a bare IndexedDB store in the same browser
 *   (bareBulkPut), and the sync's rate as a share of that raw rate [≥ 0.70].
 * The server runs in this process (app.ts is the whole server; server.ts only
 * listens), so the bench can write the records straight into its database.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { rowsInStore } from '../../e2e/device-store';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openPglite } from '../../src/server/db/database';
import { changeLogRepository } from '../../src/server/repositories/change-log-repository';
import { PULL_PAGE_LIMIT, pullAnswerText } from '../../src/server/routes/sync-routes';
import { median, signIn } from './figures';
import { benchSale, seedShopOrders } from './push-load';

const PUSH_MUTATIONS = 2000;
const PULL_RECORDS = 100_000;

const signInAgent = (app: FastifyInstance) => signIn(app, 'agent@nambala.zm', 'Agent#2026');

/** Mutations per second, pushed in batches of `batch` (the app sends one per request today). */
async function pushRate(
  app: FastifyInstance,
  cookie: string,
  batch: number,
  total: number,
  numbers: { next: number },
): Promise<number> {
  const started = performance.now();
  for (let sent = 0; sent < total; sent += batch) {
    const mutations = Array.from({ length: Math.min(batch, total - sent) }, (_, index) => ({
      id: randomUUID(),
      intent: 'recordWhitebookEntry',
      payload: benchSale(numbers.next++, sent + index),
    }));
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 'bench', mutations },
    });
    const results = response.json().results as Array<{ outcome: string }>;
    if (response.statusCode !== 200 || results.some((result) => result.outcome !== 'applied'))
      throw new Error(`push failed: ${response.body.slice(0, 200)}`);
  }
  return total / ((performance.now() - started) / 1000);
}

export async function pushThroughput(print: (line: string) => void): Promise<void> {
  print('');
  print(`Push throughput (${PUSH_MUTATIONS} whitebook entries; target ≥ 1,000 mutations/s)`);
  print('database     batch of 50   one per request');
  const targets: Array<{
    name: string;
    open: () => Promise<{ db?: Database; url?: string; cleanup: () => Promise<void> }>;
  }> = [
    {
      name: 'PGlite',
      open: async () => {
        const db = await openPglite('memory://');
        return { db, cleanup: () => db.close() };
      },
    },
  ];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    targets.push({
      name: 'PostgreSQL',
      open: async () => {
        const name = `nambala_bench_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(pgUrl);
        url.pathname = `/${name}`;
        return {
          url: url.toString(),
          cleanup: async () => {
            await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            await admin.end();
          },
        };
      },
    });
  }
  for (const target of targets) {
    const { db, url, cleanup } = await target.open();
    const config = loadConfig(url ? { DATABASE_URL: url, SEED_DEMO: 'true' } : {}, {
      dataDir: 'memory://',
      seedDemo: true,
      appDir: '/nonexistent',
      logLevel: 'silent',
      authRateLimit: 0,
      keyDir: 'memory://',
      demoRegistryPlates: 300,
    });
    const app = await buildApp({ config, ...(db ? { db } : {}), logger: false });
    try {
      const { cookie } = await signInAgent(app);
      // Each sale against an order of its own for its number, as the registry's integrity rules ask.
      const sales = PUSH_MUTATIONS + PUSH_MUTATIONS / 4;
      if (db) await seedShopOrders(db, sales);
      else {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await seedShopOrders(client, sales).finally(() => client.end());
      }
      const numbers = { next: 0 };
      const batched = await pushRate(app, cookie, 50, PUSH_MUTATIONS, numbers);
      const single = await pushRate(app, cookie, 1, PUSH_MUTATIONS / 4, numbers);
      print(
        `${target.name.padEnd(12)} ${`${Math.round(batched)}/s`.padStart(11)}   ${`${Math.round(single)}/s`.padStart(15)}`,
      );
    } finally {
      await app.close();
      await cleanup();
    }
  }
}

/** Records written per transaction by the bare put: the store worker writes a pull's page of 1,000 whole. */
const BARE_PUT_BATCH = 1000;

/**
 * The raw rate the first sync is judged against: the records the sync wrote, read back from
 * the app's store, put into a fresh database with the same key and indexes, BARE_PUT_BATCH
 * to a transaction, on the page's main thread. Only the puts are timed; the database is
 * deleted afterwards.
 */
async function bareBulkPut(page: Page): Promise<{ records: number; ms: number; detail: string }> {
  return page.evaluate(
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    async ({ batch }) => {
      const opened = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('nambala');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const source = opened.transaction('whitebookEntries').objectStore('whitebookEntries');
      const keyPath = source.keyPath;
      const indexes = [...source.indexNames].map((name) => {
        const index = source.index(name);
        return { name, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
      });
      const records = await new Promise<unknown[]>((resolve, reject) => {
        const request = source.getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      opened.close();
      const name = 'nambala-bench-bare-put';
      await new Promise((resolve) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = request.onerror = request.onblocked = resolve;
      });
      const bare = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name, 1);
        request.onupgradeneeded = () => {
          const store = request.result.createObjectStore('records', { keyPath });
          for (const index of indexes)
            store.createIndex(index.name, index.keyPath, { unique: index.unique, multiEntry: index.multiEntry });
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const started = performance.now();
      for (let start = 0; start < records.length; start += batch) {
        await new Promise<void>((resolve, reject) => {
          const transaction = bare.transaction('records', 'readwrite');
          const store = transaction.objectStore('records');
          for (const record of records.slice(start, start + batch)) store.put(record);
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        });
      }
      const ms = performance.now() - started;
      bare.close();
      await new Promise((resolve) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = request.onerror = request.onblocked = resolve;
      });
      return {
        records: records.length,
        ms,
        detail: `${batch.toLocaleString('en')} a transaction, ${indexes.length} indexes as the app's (${indexes.map((index) => index.name).join(', ')}), main thread`,
      };
    },
    { batch: BARE_PUT_BATCH },
  );
}

/** First syncs measured, each into a fresh device beside a bare put of its records (median printed). */
const SYNC_ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 3);

/**
 * Installed before the app's scripts: notes when the store worker reports a pull's pages
 * and its end, and the page's long tasks. It only listens (each message still reaches the
 * app), so the bench reads when records landed without asking IndexedDB while the sync
 * writes: a count is a read transaction on the same store, queued between the sync's
 * writes, and it walks every row. A string, not a function: tsx would wrap a function's
 * class in a naming helper the page does not have.
 */
const WATCH_PULL = `(() => {
  const events = [];
  const tasks = [];
  window.__pullEvents = events;
  window.__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) tasks.push({ start: task.startTime, duration: task.duration });
  }).observe({ type: 'longtask', buffered: true });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      const pulls = new Set();
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        if (message && message.task === 'pullChanges') pulls.add(message.id);
        return post(message, ...rest);
      };
      this.addEventListener('message', (event) => {
        const reply = event.data;
        if (reply && pulls.has(reply.id)) events.push({ at: performance.now(), kind: reply.kind, value: reply.value });
      });
    }
  };
})();`;

interface PullEvent {
  at: number;
  kind: 'progress' | 'done' | 'failed';
  value: unknown;
}

interface SyncRound {
  records: number;
  /** Page time (ms from navigation) when the first page was on the device, and when the pull ended. */
  firstPageAt: number;
  firstPageRecords: number;
  doneAt: number;
  /** The share of the time the page's main thread spent in tasks, from about the first page to the end. */
  mainThreadBusy: number;
  longTasks: Array<{ start: number; duration: number }>;
  bare: { records: number; ms: number; detail: string };
}

/** One first sync into a fresh browser context (a new device), then the bare put of what it wrote. */
async function syncRound(context: BrowserContext, print: (line: string) => void, traced: boolean): Promise<SyncRound> {
  await context.addInitScript({ content: WATCH_PULL });
  const page = await context.newPage();
  if (process.env.BENCH_VERBOSE) page.on('console', (message) => print(`console: ${message.text()}`));
  page.on('pageerror', (error) => print(`page error: ${error.message}`));
  if (process.env.BENCH_VERBOSE) {
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      if (request.url().includes('/api/sync/pull'))
        print(
          `pull ${Math.round(performance.now())} wait ${Math.round(timing.responseStart - timing.requestStart)} ms body ${Math.round(timing.responseEnd - timing.responseStart)} ms`,
        );
    });
  }
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'agent@nambala.zm', password: 'Agent#2026' },
  });
  if (login.status() !== 200) throw new Error('browser sign-in failed');
  // BENCH_PROFILE=file.cpuprofile: the page's CPU profile from opening to the last record (open it in DevTools).
  const profiler = traced && process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.start');
  }
  // BENCH_TRACE=file.json: a Chromium performance trace of the same span (open it in DevTools' Performance panel).
  const tracing = traced && process.env.BENCH_TRACE;
  if (tracing) await context.browser()?.startTracing(page, { path: process.env.BENCH_TRACE, screenshots: false });
  // The main thread's work while records arrive: Chromium's own sum of its tasks' durations.
  const metrics = await context.newCDPSession(page);
  await metrics.send('Performance.enable');
  const taskSeconds = async () =>
    (await metrics.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
  await page.goto(process.env.BENCH_PULL_PATH ?? '/dashboard/agent/dashboard');
  const events = () => page.evaluate(() => (window as unknown as { __pullEvents: PullEvent[] }).__pullEvents);
  await page.waitForFunction(
    () =>
      (window as unknown as { __pullEvents: PullEvent[] }).__pullEvents.some(
        (event) => event.kind !== 'progress' || ((event.value as { received?: number } | null)?.received ?? 0) > 0,
      ),
    undefined,
    { polling: 100, timeout: 120_000 },
  );
  const busyFrom = { tasks: await taskSeconds(), at: await page.evaluate(() => performance.now()) };
  // A pull that failed is tried again by the engine: wait for one that ended with every record written.
  let done: PullEvent | undefined;
  let count = 0;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    await page.waitForFunction(
      (seen) =>
        (window as unknown as { __pullEvents: PullEvent[] }).__pullEvents.filter((event) => event.kind === 'done')
          .length > seen,
      (await events()).filter((event) => event.kind === 'done').length,
      {
        polling: 250,
        timeout: Math.max(1, deadline - Date.now()),
      },
    );
    done = (await events()).filter((event) => event.kind === 'done').at(-1);
    count = await rowsInStore(page, 'whitebookEntries');
    if (count >= PULL_RECORDS) break;
  }
  const busyTo = { tasks: await taskSeconds(), at: await page.evaluate(() => performance.now()) };
  if (profiler && process.env.BENCH_PROFILE) {
    const { profile } = await profiler.send('Profiler.stop');
    await writeFile(process.env.BENCH_PROFILE, JSON.stringify(profile));
    print(`CPU profile written to ${process.env.BENCH_PROFILE}`);
  }
  if (tracing) {
    await context.browser()?.stopTracing();
    print(`trace written to ${process.env.BENCH_TRACE}`);
  }
  if (!done || count < PULL_RECORDS) throw new Error(`only ${count} records arrived within 180 s`);
  const all = await events();
  const firstPage = all.find(
    (event) => event.kind === 'progress' && ((event.value as { received?: number } | null)?.received ?? 0) > 0,
  );
  if (!firstPage) throw new Error('the pull reported no page');
  const longTasks = await page.evaluate(
    () => (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks,
  );
  const bare = await bareBulkPut(page);
  await page.close();
  return {
    records: count,
    firstPageAt: firstPage.at,
    firstPageRecords: (firstPage.value as { received: number }).received,
    doneAt: done.at,
    mainThreadBusy: ((busyTo.tasks - busyFrom.tasks) * 1000) / (busyTo.at - busyFrom.at),
    longTasks,
    bare,
  };
}

export async function firstSyncPull(
  print: (line: string) => void,
  options: { root: string; port: number; chromiumPath: string; chromiumArgs: string[] },
): Promise<void> {
  print('');
  print(
    `First sync: ${PULL_RECORDS.toLocaleString('en')} records into IndexedDB in headless Chromium, ${SYNC_ROUNDS} fresh devices, each beside a bare put of its records (targets ≥ 5,000 records/s, no main-thread block over 50 ms, ≥ 0.70 of the bare put)`,
  );
  const db = await openPglite('memory://');
  const config = loadConfig(
    {},
    {
      dataDir: 'memory://',
      seedDemo: true,
      appDir: path.join(options.root, 'dist'),
      logLevel: 'silent',
      authRateLimit: 0,
      keyDir: 'memory://',
      demoRegistryPlates: 300,
      port: options.port,
      host: '127.0.0.1',
    },
  );
  const app = await buildApp({ config, db, logger: false });
  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: options.chromiumArgs });
  try {
    const agent = await signInAgent(app);
    await db.query(
      `INSERT INTO change_log (scopes, entity, entity_id, op, data)
       SELECT ARRAY['agent:' || $1], 'whitebookEntry', 'bench-' || g, 'put',
              jsonb_build_object('id', 'bench-' || g, 'agentId', $1, 'plateNumber', 'ZM-' || lpad((g % 1000)::text, 3, '0') || '-BEN',
                'vehicleMake', 'Toyota', 'vehicleModel', 'Corolla', 'vehicleColour', 'White', 'vehicleYear', 2019, 'chassisNumber', 'JTDBR32E720123456',
                'ownerName', 'Bench Owner ' || g, 'ownerNrc', '123456/78/9', 'saleDate', '2026-11-01',
                'registrationNumber', 'BAA ' || g, 'entitlementReference', 'ORD-001', 'createdAt', '2026-11-01T08:00:00.000Z')
       FROM generate_series(1, $2::int) AS g`,
      [agent.id, PULL_RECORDS],
    );
    await serverPageCost(db, `agent:${agent.id}`, print);
    await app.listen({ port: options.port, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${options.port}`;
    const rounds: SyncRound[] = [];
    print(
      'round   from first page          from opening   bare put       ÷ bare put   tasks over 50 ms while records arrive (longest)   main thread busy',
    );
    for (let round = 1; round <= SYNC_ROUNDS; round += 1) {
      const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block' });
      try {
        const result = await syncRound(context, print, round === 1);
        rounds.push(result);
        const during = result.longTasks.filter((task) => task.start >= result.firstPageAt);
        if (process.env.BENCH_VERBOSE) {
          const tasks = result.longTasks
            .map((task) => `${Math.round(task.start - result.firstPageAt)}:${Math.round(task.duration)}`)
            .join(' ');
          print(
            `long tasks (ms from the first page: duration) ${tasks}; first page at ${Math.round(result.firstPageAt)} ms, end at ${Math.round(result.doneAt)} ms`,
          );
        }
        print(
          `${String(round).padEnd(7)} ${`${perSecond(fromFirstPage(result))} (${((result.doneAt - result.firstPageAt) / 1000).toFixed(1)} s)`.padEnd(24)} ${perSecond(fromOpening(result)).padEnd(14)} ${perSecond(bareRate(result)).padEnd(14)} ${(fromFirstPage(result) / bareRate(result)).toFixed(2).padEnd(12)} ${`${during.length} (${longest(during)} ms)`.padEnd(48)} ${Math.round(result.mainThreadBusy * 100)} %`,
        );
      } finally {
        await context.close();
      }
    }
    const during = rounds.flatMap((result) => result.longTasks.filter((task) => task.start >= result.firstPageAt));
    const fromStart = rounds.flatMap((result) => result.longTasks);
    const ratio = median(rounds.map((result) => fromFirstPage(result) / bareRate(result)));
    print(`records on the device   ${rounds.map((result) => result.records.toLocaleString('en')).join(', ')}`);
    print(
      `first sync, median      ${perSecond(median(rounds.map(fromFirstPage)))} from the first page, ${perSecond(median(rounds.map(fromOpening)))} from opening (the app's start included)  [≥ 5,000/s] ${median(rounds.map(fromFirstPage)) >= 5000 ? 'PASS' : 'MISS'}`,
    );
    print(
      `longest main-thread block while records arrive  ${longest(during)} ms (${during.length} tasks over 50 ms in ${rounds.length} syncs)  [none over 50 ms] ${during.length === 0 ? 'PASS' : 'MISS'}`,
    );
    print(
      `longest main-thread block from opening          ${longest(fromStart)} ms (${fromStart.length} tasks over 50 ms in ${rounds.length} syncs; the app's start included)`,
    );
    print(
      `bare IndexedDB put, median                      ${perSecond(median(rounds.map(bareRate)))} (${rounds[0]?.bare.detail ?? ''})`,
    );
    print(
      `first sync ÷ bare put, median of ${rounds.length}              ${ratio.toFixed(2)} from the first page  [≥ 0.70] ${ratio >= 0.7 ? 'PASS' : 'MISS'}`,
    );
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
}

/**
 * What a first sync's pages cost the server: the CPU time to walk the whole log in pages of
 * PULL_PAGE_LIMIT and write each page's answer as the pull route does, per page, beside
 * reading the same rows' data as text in pages of the same size (the least a page can cost
 * on this database), three rounds in turn, medians.
 */
async function serverPageCost(db: Database, scope: string, print: (line: string) => void): Promise<void> {
  const cpuMs = async (work: () => Promise<number>) => {
    const before = process.cpuUsage();
    const pages = await work();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / pages;
  };
  // The answers' length, so the figure shows what each page carries before compression.
  let bytes = 0;
  let answers = 0;
  const walk = async () => {
    let after = { txid: '0', seq: '0' };
    for (let pages = 1; ; pages += 1) {
      const page = await changeLogRepository(db).page([scope], after, PULL_PAGE_LIMIT);
      bytes += pullAnswerText(page, { cursor: 'c', reset: false, scopes: [scope] }).length;
      answers += 1;
      if (!page.hasMore) return pages;
      after = page.next;
    }
  };
  const bare = async () => {
    let pages = 0;
    for (let last = 0; ; pages += 1) {
      const [page] = await db.query<{ text: string | null; last: string | null }>(
        "SELECT string_agg(data::text, ',') AS text, max(seq)::text AS last FROM (SELECT seq, data FROM change_log WHERE seq > $1 ORDER BY seq LIMIT $2) AS rows",
        [last, PULL_PAGE_LIMIT],
      );
      if (!page?.last) return pages;
      last = Number(page.last);
    }
  };
  const walks: number[] = [];
  const bares: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    walks.push(await cpuMs(walk));
    bares.push(await cpuMs(bare));
  }
  print(
    `server, a page of ${PULL_PAGE_LIMIT.toLocaleString('en')} changes   ${median(walks).toFixed(1)} ms of CPU (walk, scopes, JSON), beside ${median(bares).toFixed(1)} ms to read the same rows' data as text (PGlite, in this process); an answer ${Math.round(bytes / answers / 1024)} KiB before compression`,
  );
}

/** Records written after the first page, over the time after it: the pace once records flow. */
function fromFirstPage(round: SyncRound): number {
  return (round.records - round.firstPageRecords) / ((round.doneAt - round.firstPageAt) / 1000);
}

function fromOpening(round: SyncRound): number {
  return round.records / (round.doneAt / 1000);
}

function bareRate(round: SyncRound): number {
  return round.bare.records / (round.bare.ms / 1000);
}

const perSecond = (rate: number) => `${Math.round(rate).toLocaleString('en')}/s`;
const longest = (tasks: ReadonlyArray<{ duration: number }>) =>
  Math.round(Math.max(0, ...tasks.map((task) => task.duration)));
