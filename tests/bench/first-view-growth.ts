/**
 * How the marketplace's first view grows with its listings (issue 43, item 3), for
 * `npm run bench -- --first-load-only`: a server in this process (app.ts, in-memory PGlite,
 * the demo seed, the built app and its page renderer) whose marketplace is topped up with
 * generated listings (marketplace-bench.ts's, the same on every run) to 100, 1,000 and
 * 10,000. At each size, each figure beside its reference from the same run, the same way:
 *
 * - the server's answer to /marketplace, served with its listings (decision 073): the first
 *   after the listings changed (read, rendered, written) and the median of 5 after it (read,
 *   and the rendering kept), beside GET /api/listings (the same read, as JSON), median of 5;
 * - the page's size, gzip (level 6, as the server compresses), beside GET /api/listings's;
 * - on the slowed phone (interaction-bench.ts: CPU 4×, slow 4G, cold), navigation → the
 *   first plate drawn, and the layout shift of the page's main content until the app is ready,
 *   beside the same phone fetching GET /api/listings alone (navigation → its last byte):
 *   what the data costs on that line with nothing drawn.
 *
 * A figure that grows faster than its reference grows with more than its work.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite } from '../../src/server/db/database';
import { listingRepository } from '../../src/server/repositories/listing-repository';
import { median, ms, type Print } from './figures';
import { benchListings } from './marketplace-bench';
import { readProbe, slowPhone, waitSeen } from './interaction-bench';

export interface GrowthBenchOptions {
  root: string;
  port: number;
  chromiumPath: string;
  chromiumArgs: string[];
}

const SIZES = [100, 1_000, 10_000];
const ANSWERS = 5;
const PHONE_RUNS = Number(process.env.BENCH_GROWTH_RUNS ?? 3);
const WAIT_MS = 60_000;

async function timed(url: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { ms: performance.now() - started, body };
}

async function answers(url: string): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < ANSWERS; index += 1) times.push((await timed(url)).ms);
  return median(times);
}

/** Navigation → the first plate drawn on the slowed phone, and its main content's layout shift until ready. */
async function platesRun(browser: Browser, url: string): Promise<{ platesAt: number; mainShift: number }> {
  const { context, page } = await slowPhone(browser, {
    plates: { selector: 'button[aria-label^="View Details"]' },
    ready: { selector: 'html[data-ready]' },
  });
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: WAIT_MS });
    await waitSeen(page, 'plates');
    await waitSeen(page, 'ready');
    const probe = await readProbe(page);
    return { platesAt: probe.seen.plates ?? Number.NaN, mainShift: probe.mainShift };
  } finally {
    await context.close();
  }
}

/** Navigation → the last byte of GET /api/listings, fetched alone on the slowed phone. */
async function dataRun(browser: Browser, url: string): Promise<number> {
  const { context, page } = await slowPhone(browser, {});
  try {
    await page.goto(url, { waitUntil: 'load', timeout: WAIT_MS });
    return await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseEnd ??
        Number.NaN,
    );
  } finally {
    await context.close();
  }
}

const kib = (text: string) => gzipSync(text, { level: 6 }).length / 1024;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

export async function firstViewGrowthFigures(print: Print, options: GrowthBenchOptions): Promise<void> {
  print('');
  print(
    `The marketplace's first view as its listings grow (server in this process; slowed phone as above, median of ${PHONE_RUNS}); each beside its reference`,
  );
  print(
    `${'listings'.padStart(8)}  ${'page: first / kept (ms)'.padEnd(24)} ${'GET /api/listings (ms)'.padEnd(23)} ${'page gzip KiB'.padEnd(14)} ${'listings gzip KiB'.padEnd(18)} ${'plates drawn'.padEnd(13)} ${'listings fetched alone'.padEnd(23)} main shift`,
  );
  const origin = `http://127.0.0.1:${options.port}`;
  const db = await openPglite('memory://');
  const config = loadConfig(
    {},
    {
      dataDir: 'memory://',
      keyDir: 'memory://',
      seedDemo: true,
      demoRegistryPlates: 300,
      appDir: path.join(options.root, 'dist'),
      logLevel: 'silent',
      authRateLimit: 0,
      port: options.port,
      host: '127.0.0.1',
      publicOrigin: origin,
    },
  );
  const app = await buildApp({ config, db, logger: false });
  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: options.chromiumArgs });
  try {
    await app.listen({ port: options.port, host: '127.0.0.1' });
    // The page renderer loads with the first page served; not counted in any size's figures.
    await timed(`${origin}/marketplace`);
    const listings = listingRepository(db);
    for (const size of SIZES) {
      const present = await listings.all();
      const added = benchListings(size - present.length, new Set(present.map((listing) => listing.number)));
      // Ids of their own at each size: the generator starts its numbering again.
      await listings.insertMany(added.map((listing) => ({ ...listing, id: `${listing.id}-${size}` })));
      const first = await timed(`${origin}/marketplace`);
      const kept = await answers(`${origin}/marketplace`);
      const api = await answers(`${origin}/api/listings`);
      const apiBody = (await timed(`${origin}/api/listings`)).body;
      const plates: Array<{ platesAt: number; mainShift: number }> = [];
      const data: number[] = [];
      const failures: string[] = [];
      for (let run = 0; run < PHONE_RUNS; run += 1) {
        try {
          plates.push(await platesRun(browser, `${origin}/marketplace`));
          data.push(await dataRun(browser, `${origin}/api/listings`));
        } catch (error) {
          failures.push((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'failed');
        }
      }
      const platesAt = plates.length > 0 ? seconds(median(plates.map((run) => run.platesAt))) : 'not measured';
      const dataAt = data.length > 0 ? seconds(median(data)) : 'not measured';
      const shift = plates.length > 0 ? Math.max(...plates.map((run) => run.mainShift)).toFixed(4) : '—';
      print(
        `${size.toLocaleString('en').padStart(8)}  ${`${ms(first.ms)} / ${ms(kept)}`.padEnd(24)} ${ms(api).padEnd(23)} ${kib(first.body).toFixed(1).padEnd(14)} ${kib(apiBody).toFixed(1).padEnd(18)} ${platesAt.padEnd(13)} ${dataAt.padEnd(23)} ${shift}${failures.length > 0 ? `  (${failures.length} runs failed: ${failures.join(' | ')})` : ''}`,
      );
    }
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
}
