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
import { chromium, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { rowsInStore } from '../../e2e/device-store';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openPglite } from '../../src/server/db/database';
import { signIn } from './figures';

const PUSH_MUTATIONS = 2000;
const PULL_RECORDS = 100_000;

const signInAgent = (app: FastifyInstance) => signIn(app, 'agent@nambala.zm', 'Agent#2026');

function entry(index: number) {
  return {
    id: randomUUID(),
    plateNumber: benchPlate(),
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
    vehicleColour: 'White',
    vehicleYear: 2019,
    chassisNumber: 'JTDBR32E720123456',
    ownerName: `Bench Owner ${index}`,
    ownerNrc: '123456/78/9',
    saleDate: '2026-11-01',
    registrationNumber: `BAA ${index}`,
    entitlementReference: 'ORD-001',
  };
}

let platesUsed = 0;
/** A plate number not used before in this run: each is sold once (ZM-000-AAA, ZM-001-AAA …). */
function benchPlate(): string {
  const index = platesUsed++;
  // A Q first: the demo registry never uses it, so no bench sale is refused as a clone.
  const letters = `Q${Array.from({ length: 2 }, (_, place) => String.fromCharCode(65 + (Math.floor(index / 1000 / 26 ** place) % 26))).join('')}`;
  return `ZM-${String(index % 1000).padStart(3, '0')}-${letters}`;
}

/** Mutations per second, pushed in batches of `batch` (the app sends one per request today). */
async function pushRate(app: FastifyInstance, cookie: string, batch: number, total: number): Promise<number> {
  const started = performance.now();
  for (let sent = 0; sent < total; sent += batch) {
    const mutations = Array.from({ length: Math.min(batch, total - sent) }, (_, index) => ({ id: randomUUID(), intent: 'recordWhitebookEntry', payload: entry(sent + index) }));
    const response = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie }, payload: { clientId: 'bench', mutations } });
    const results = response.json().results as Array<{ outcome: string }>;
    if (response.statusCode !== 200 || results.some((result) => result.outcome !== 'applied')) throw new Error(`push failed: ${response.body.slice(0, 200)}`);
  }
  return total / ((performance.now() - started) / 1000);
}

export async function pushThroughput(print: (line: string) => void): Promise<void> {
  print('');
  print(`Push throughput (${PUSH_MUTATIONS} whitebook entries; target ≥ 1,000 mutations/s)`);
  print('database     batch of 50   one per request');
  const targets: Array<{ name: string; open: () => Promise<{ db?: Database; url?: string; cleanup: () => Promise<void> }> }> = [
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
    const config = loadConfig(url ? { DATABASE_URL: url, SEED_DEMO: 'true' } : {}, { dataDir: 'memory://', seedDemo: true, appDir: '/nonexistent', logLevel: 'silent', authRateLimit: 0, keyDir: 'memory://', demoRegistryPlates: 300 });
    const app = await buildApp({ config, ...(db ? { db } : {}), logger: false });
    try {
      const { cookie } = await signInAgent(app);
      const batched = await pushRate(app, cookie, 50, PUSH_MUTATIONS);
      const single = await pushRate(app, cookie, 1, PUSH_MUTATIONS / 4);
      print(`${target.name.padEnd(12)} ${`${Math.round(batched)}/s`.padStart(11)}   ${`${Math.round(single)}/s`.padStart(15)}`);
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
          for (const index of indexes) store.createIndex(index.name, index.keyPath, { unique: index.unique, multiEntry: index.multiEntry });
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
      return { records: records.length, ms, detail: `${batch.toLocaleString('en')} a transaction, ${indexes.length} indexes as the app's (${indexes.map((index) => index.name).join(', ')}), main thread` };
    },
    { batch: BARE_PUT_BATCH },
  );
}

export async function firstSyncPull(print: (line: string) => void, options: { root: string; port: number; chromiumPath: string; chromiumArgs: string[] }): Promise<void> {
  print('');
  print(`First sync: ${PULL_RECORDS.toLocaleString('en')} records into IndexedDB in headless Chromium (targets ≥ 5,000 records/s, no main-thread block over 50 ms)`);
  const db = await openPglite('memory://');
  const config = loadConfig({}, { dataDir: 'memory://', seedDemo: true, appDir: path.join(options.root, 'dist'), logLevel: 'silent', authRateLimit: 0, keyDir: 'memory://', demoRegistryPlates: 300, port: options.port, host: '127.0.0.1' });
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
    await app.listen({ port: options.port, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${options.port}`;
    const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block' });
    await context.addInitScript(() => {
      const tasks: Array<{ start: number; duration: number }> = [];
      (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const task of list.getEntries()) tasks.push({ start: task.startTime, duration: task.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    if (process.env.BENCH_VERBOSE) page.on('console', (message) => print(`console: ${message.text()}`));
    page.on('pageerror', (error) => print(`page error: ${error.message}`));
    if (process.env.BENCH_VERBOSE) {
      page.on('requestfinished', (request) => {
        const timing = request.timing();
        if (request.url().includes('/api/sync/pull')) print(`pull ${Math.round(performance.now())} wait ${Math.round(timing.responseStart - timing.requestStart)} ms body ${Math.round(timing.responseEnd - timing.responseStart)} ms`);
      });
    }
    const login = await page.request.post('/api/auth/login', { data: { email: 'agent@nambala.zm', password: 'Agent#2026' } });
    if (login.status() !== 200) throw new Error('browser sign-in failed');
    // BENCH_PROFILE=file.cpuprofile: the page's CPU profile from opening to the last record (open it in DevTools).
    const profiler = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    // BENCH_TRACE=file.json: a Chromium performance trace of the same span (open it in DevTools' Performance panel).
    if (process.env.BENCH_TRACE) await browser.startTracing(page, { path: process.env.BENCH_TRACE, screenshots: false });
    const started = performance.now();
    await page.goto(process.env.BENCH_PULL_PATH ?? '/dashboard/agent/dashboard');
    const stored = () => rowsInStore(page, 'whitebookEntries');
    let firstSeenAt: number | null = null;
    let syncStartedInPage = 0;
    let count = 0;
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      count = await stored();
      if (count > 0 && firstSeenAt === null) {
        firstSeenAt = performance.now();
        syncStartedInPage = await page.evaluate(() => performance.now());
      }
      if (count >= PULL_RECORDS) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const finished = performance.now();
    if (profiler && process.env.BENCH_PROFILE) {
      const { profile } = await profiler.send('Profiler.stop');
      await writeFile(process.env.BENCH_PROFILE, JSON.stringify(profile));
      print(`CPU profile written to ${process.env.BENCH_PROFILE}`);
    }
    if (process.env.BENCH_TRACE) {
      await browser.stopTracing();
      print(`trace written to ${process.env.BENCH_TRACE}`);
    }
    if (count < PULL_RECORDS) throw new Error(`only ${count} records arrived within 180 s`);
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks);
    const during = tasks.filter((task) => task.start >= syncStartedInPage);
    const longest = (list: typeof tasks) => Math.round(Math.max(0, ...list.map((task) => task.duration)));
    const seconds = (finished - started) / 1000;
    const fromOpening = count / seconds;
    const fromFirstPage = firstSeenAt === null ? null : count / ((finished - firstSeenAt) / 1000);
    print(`records on the device   ${count.toLocaleString('en')}`);
    print(`time from opening       ${seconds.toFixed(1)} s (${Math.round(fromOpening).toLocaleString('en')} records/s, including the app's start)`);
    if (firstSeenAt !== null && fromFirstPage !== null) print(`time from first page    ${((finished - firstSeenAt) / 1000).toFixed(1)} s (${Math.round(fromFirstPage).toLocaleString('en')} records/s)`);
    print(`longest main-thread block while records arrive  ${longest(during)} ms (${during.length} tasks over 50 ms)  [none over 50 ms] ${during.length === 0 ? 'PASS' : 'MISS'}`);
    print(`longest main-thread block from opening          ${longest(tasks)} ms (${tasks.length} tasks over 50 ms; the app's start included)`);
    const raw = await bareBulkPut(page);
    const rawRate = raw.records / (raw.ms / 1000);
    print(`bare IndexedDB put, same records and browser    ${Math.round(rawRate).toLocaleString('en')} records/s (${raw.records.toLocaleString('en')} in ${(raw.ms / 1000).toFixed(1)} s; ${raw.detail})`);
    if (fromFirstPage !== null) {
      const ratio = fromFirstPage / rawRate;
      print(`first sync ÷ bare put                           ${ratio.toFixed(2)} from the first page, ${(fromOpening / rawRate).toFixed(2)} from opening  [≥ 0.70] ${ratio >= 0.7 ? 'PASS' : 'MISS'}`);
    }
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
}
