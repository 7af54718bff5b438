/**
 * First-load figures for `npm run bench` (targets in brackets; docs/performance.md says what
 * each means), against the app's server that run.ts starts with the demo data:
 * - gzip KiB of JavaScript the first load of /, /marketplace and /verification fetches until
 *   the page is ready for input (html[data-ready]) [≤ 170], and until the network goes quiet;
 * - Lighthouse's mobile performance score and Total Blocking Time for the same pages
 *   [score ≥ 95], median of LIGHTHOUSE_RUNS, beside two floor pages measured in the same
 *   rounds with the same settings: a plain React page and a bare Chakra UI page rendering
 *   the same elements (reference-pages.ts). Each round runs every page once, starting one
 *   further along each time, so a slow minute of the machine falls on all of them alike;
 * - the same pages' blocking time counted from the main thread's CPU time, which a busy
 *   machine hardly inflates, beside the same floors (blocking-time.ts);
 * - the slowed-phone interactions (interaction-bench.ts);
 * - for every dashboard route (e2e/public-routes.ts), signed in as the demo account whose
 *   role opens it, the gzip KiB of JavaScript a cold load fetches until ready [≤ 250], and
 *   whether the charts or PDF code was among it (they should load when used).
 * Each load is cold: a fresh browser context (no cache, no storage), service workers blocked.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { accountFor, DEMO } from '../../e2e/app-page';
import { blockingRounds, describeBlocking } from './blocking-time';
import { gzipKiB, installReadyProbe, type Scripts, scriptsByReady } from '../../e2e/first-load-scripts';
import { DASHBOARD_ROUTES } from '../../e2e/public-routes';
import { bounded, inRounds, median, type Print } from './figures';
import { firstViewGrowthFigures } from './first-view-growth';
import { interactionFigures } from './interaction-bench';
import { REFERENCE_PATHS, startReferencePages } from './reference-pages';

export interface FirstLoadBenchOptions {
  root: string;
  /** The app's server (run.ts starts it, with the demo data). */
  origin: string;
  /** The same app over TLS and HTTP/2 (decision 083), for the slowed phone's marketplace figures. */
  secureOrigin?: string;
  /** Where the reference pages are served (reference-pages.ts). */
  referencePort: number;
  chromiumPath: string;
  chromiumArgs: string[];
  lighthouseRuns: number;
  /** Only the JavaScript figures: no Lighthouse, no slowed interactions. */
  isJsOnly: boolean;
  /** For the marketplace's growth figures' own server (first-view-growth.ts). */
  growthPort: number;
}

const PAGES = ['/', '/marketplace', '/verification'];
const FIRST_LOAD_BUDGET_KIB = 170;
const DASHBOARD_BUDGET_KIB = 250;
const LIGHTHOUSE_TARGET = 95;
const LOAD_TIMEOUT_MS = 30_000;
const LIGHTHOUSE_RUN_TIMEOUT_MS = 180_000;
/** The charts and PDF code in the build's manifest: chart.js, react-chartjs-2, pdf-lib (in the pdf-text chunk) and the PDF writers. */
const CHARTS_AND_PDF = /node_modules\/(chart\.js|react-chartjs-2)\/|pdf/i;

/** A signed-in browser's cookies, for a fresh context. */
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** With BENCH_VERBOSE, the scripts behind a figure, largest first. */
function printEach(print: Print, scripts: Scripts): void {
  if (process.env.BENCH_VERBOSE)
    print(scripts.each.map(([script, kib]) => `    ${kib.toFixed(1).padStart(6)}  ${script}`).join('\n'));
}

/**
 * The scripts a cold load of `pagePath` fetches from the app (not the service worker's
 * precache): those it began to fetch before the page was ready (html[data-ready], set once
 * hydrated or drawn), and, with `untilIdle`, all it fetched until the network went quiet.
 * Both come from the page's own resource timing, so a fetch begun just after ready is not
 * counted as before it however late the bench hears of ready.
 */
async function scriptsFetched(
  print: Print,
  browser: Browser,
  origin: string,
  pagePath: string,
  { storageState, untilIdle }: { storageState?: StorageState; untilIdle: boolean },
): Promise<{ ready: Set<string>; idle: Set<string> }> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
    ...(storageState ? { storageState } : {}),
  });
  try {
    await installReadyProbe(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    if (process.env.BENCH_VERBOSE) page.on('console', (message) => print(`console: ${message.text()}`));
    await page.goto(origin + pagePath, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    if (untilIdle) await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
    else await page.waitForTimeout(500);
    if (errors.length > 0) throw new Error(`${pagePath} threw: ${errors.join('; ')}`);
    const { ready, all } = await scriptsByReady(page, origin);
    return { ready, idle: all };
  } finally {
    await context.close();
  }
}

async function publicPagesJavaScript(print: Print, browser: Browser, options: FirstLoadBenchOptions): Promise<void> {
  print('');
  print(`First load: gzip KiB of JavaScript (budget ≤ ${FIRST_LOAD_BUDGET_KIB} KiB until ready)`);
  print('page            JS gzip KiB to ready (files)  with idle prefetch (files)');
  for (const pagePath of PAGES) {
    const scripts = await scriptsFetched(print, browser, options.origin, pagePath, { untilIdle: true });
    const ready = await gzipKiB(path.join(options.root, 'dist'), scripts.ready);
    const idle = await gzipKiB(path.join(options.root, 'dist'), scripts.idle);
    if (process.env.BENCH_VERBOSE)
      print([...scripts.idle].map((script) => `${scripts.ready.has(script) ? 'ready' : 'idle '} ${script}`).join('\n'));
    const verdict = ready.kib <= FIRST_LOAD_BUDGET_KIB ? 'PASS' : 'MISS';
    print(
      `${pagePath.padEnd(15)} ${`${ready.kib.toFixed(1)} (${ready.files})`.padStart(28)}  ${`${idle.kib.toFixed(1)} (${idle.files})`.padStart(26)}  ${verdict}`,
    );
  }
}

interface LighthouseRun {
  /** Which round it was taken in (0, 1, …): each round measures every page once. */
  round: number;
  score: number;
  /** Total Blocking Time, ms (simulated). */
  tbt: number;
}

/** Lighthouse's mobile defaults (simulated slow 4G, 4× slower CPU) on each URL, `runs` rounds, in one Chromium. */
async function lighthouseRounds(
  print: Print,
  urls: string[],
  runs: number,
  options: FirstLoadBenchOptions,
): Promise<LighthouseRun[][]> {
  const launch = () =>
    chromeLauncher.launch({
      chromePath: options.chromiumPath,
      chromeFlags: ['--headless=new', ...options.chromiumArgs],
    });
  let chrome = await launch();
  const rounds = new Map<string, number>();
  try {
    return await inRounds(urls, runs, async (url): Promise<LighthouseRun | undefined> => {
      const round = rounds.get(url) ?? 0;
      rounds.set(url, round + 1);
      try {
        const result = await bounded(
          lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }),
          LIGHTHOUSE_RUN_TIMEOUT_MS,
          `Lighthouse on ${url}`,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error('no report');
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        return {
          round,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        };
      } catch (error) {
        print(
          `(Lighthouse run on ${url} failed: ${error instanceof Error ? error.message : String(error)}; Chromium restarted)`,
        );
        chrome.kill();
        chrome = await launch();
        return undefined;
      }
    });
  } finally {
    chrome.kill();
  }
}

async function lighthouseFigures(
  print: Print,
  options: FirstLoadBenchOptions,
  references: { origin: string; floorKiB: { plain: number; chakra: number } },
): Promise<void> {
  const rows = [
    ...PAGES.map((pagePath) => ({ name: pagePath, url: options.origin + pagePath, isApp: true })),
    {
      name: `floor: plain React (${references.floorKiB.plain.toFixed(1)} KiB)`,
      url: references.origin + REFERENCE_PATHS.plainFloor,
      isApp: false,
    },
    {
      name: `floor: bare Chakra UI (${references.floorKiB.chakra.toFixed(1)} KiB)`,
      url: references.origin + REFERENCE_PATHS.chakraFloor,
      isApp: false,
    },
  ];
  print('');
  print(
    `Lighthouse mobile (simulated slow 4G, 4× slower CPU), median of ${options.lighthouseRuns}, rounds taken in turn with the floors (target ≥ ${LIGHTHOUSE_TARGET})`,
  );
  print(`${'page'.padEnd(38)} ${'score (runs)'.padEnd(30)} Total Blocking Time, ms (runs)`);
  const results = await lighthouseRounds(
    print,
    rows.map((row) => row.url),
    options.lighthouseRuns,
    options,
  );
  // The bare Chakra floor's score in each round: an app page must not fall below it in the same round.
  const chakraFloor = new Map((results[rows.length - 1] ?? []).map((run) => [run.round, run.score]));
  rows.forEach((row, index) => {
    const runs = results[index] ?? [];
    if (runs.length === 0) {
      print(`${row.name.padEnd(38)} no run finished`);
      return;
    }
    const score = median(runs.map((run) => run.score));
    const scores = `${score} (${runs.map((run) => run.score).join(', ')})`;
    const tbt = `${Math.round(median(runs.map((run) => run.tbt)))} (${runs.map((run) => Math.round(run.tbt)).join(', ')})`;
    // Every run at the target and at or above the Chakra floor of its round, and every run finished.
    const pass =
      runs.length === options.lighthouseRuns &&
      runs.every((run) => run.score >= LIGHTHOUSE_TARGET && run.score >= (chakraFloor.get(run.round) ?? 101));
    const verdict = row.isApp ? `  [every run ≥ ${LIGHTHOUSE_TARGET} and ≥ the floor] ${pass ? 'PASS' : 'MISS'}` : '';
    print(`${row.name.padEnd(38)} ${scores.padEnd(30)} ${tbt.padEnd(34)}${verdict}`.trimEnd());
  });
  // The same pages, their blocking time counted from CPU time (blocking-time.ts): what a busy machine does not inflate.
  print('');
  print(
    `Blocking time from the main thread's CPU time (tasks after first paint, ×4, over 50 ms, summed), median of ${options.lighthouseRuns}, in turn with the floors`,
  );
  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: options.chromiumArgs });
  try {
    const blocking = await blockingRounds(browser, rows, options.lighthouseRuns);
    rows.forEach((row, index) => print(`${row.name.padEnd(38)} ${describeBlocking(blocking[index] ?? [])}`));
  } finally {
    await browser.close();
  }
}

/** The charts and PDF scripts of this build, from Vite's manifest. */
async function chartsAndPdfScripts(root: string): Promise<Map<string, string>> {
  const manifest = JSON.parse(await readFile(path.join(root, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; name?: string }
  >;
  const scripts = new Map<string, string>();
  for (const [source, chunk] of Object.entries(manifest)) {
    if (CHARTS_AND_PDF.test(source) && chunk.file.endsWith('.js')) scripts.set(`/${chunk.file}`, chunk.name ?? source);
  }
  return scripts;
}

async function dashboardJavaScript(print: Print, browser: Browser, options: FirstLoadBenchOptions): Promise<void> {
  const heavy = await chartsAndPdfScripts(options.root);
  print('');
  print(
    `Dashboards: gzip KiB of JavaScript until ready, cold, signed in (budget ≤ ${DASHBOARD_BUDGET_KIB} KiB; charts and PDF code load when used)`,
  );
  print(
    `${'route'.padEnd(40)} ${'account'.padEnd(8)} ${'KiB to ready (files)'.padStart(20)}  ${'charts/PDF code'.padEnd(16)}`,
  );
  const sessions = new Map<keyof typeof DEMO, StorageState>();
  const passed: string[] = [];
  let largest = { route: '', kib: 0 };
  for (const route of DASHBOARD_ROUTES) {
    const account = accountFor(route);
    let storageState = sessions.get(account);
    if (!storageState) {
      const context = await browser.newContext();
      const response = await context.request.post(`${options.origin}/api/auth/login`, { data: DEMO[account] });
      if (response.status() !== 200) throw new Error(`sign-in as ${account} failed: ${response.status()}`);
      storageState = await context.storageState();
      sessions.set(account, storageState);
      await context.close();
    }
    let line: string;
    try {
      const { ready } = await scriptsFetched(print, browser, options.origin, route, { storageState, untilIdle: false });
      const scripts = await gzipKiB(path.join(options.root, 'dist'), ready);
      const charts = [...ready].filter((script) => heavy.has(script)).map((script) => heavy.get(script));
      const isWithin = scripts.kib <= DASHBOARD_BUDGET_KIB;
      if (isWithin) passed.push(route);
      if (scripts.kib > largest.kib) largest = { route, kib: scripts.kib };
      line = `${`${scripts.kib.toFixed(1)} (${scripts.files})`.padStart(20)}  ${(charts.length > 0 ? charts.join(', ') : 'none').padEnd(16)}  ${isWithin ? 'PASS' : 'MISS'}`;
      printEach(print, scripts);
    } catch (error) {
      line = `not ready: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`;
    }
    print(`${route.padEnd(40)} ${account.padEnd(8)} ${line}`);
  }
  print(
    `${passed.length} of ${DASHBOARD_ROUTES.length} routes within ${DASHBOARD_BUDGET_KIB} KiB; the largest ${largest.route} at ${largest.kib.toFixed(1)} KiB`,
  );
}

export async function firstLoadFigures(print: Print, options: FirstLoadBenchOptions): Promise<void> {
  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: options.chromiumArgs });
  try {
    await publicPagesJavaScript(print, browser, options);
  } finally {
    await browser.close();
  }
  if (!options.isJsOnly) {
    print('');
    print('(building the reference pages…)');
    const references = await startReferencePages({ root: options.root, port: options.referencePort });
    try {
      await lighthouseFigures(print, options, references);
      await interactionFigures(print, {
        appOrigin: options.origin,
        secureAppOrigin: options.secureOrigin,
        referenceOrigin: references.origin,
        chromiumPath: options.chromiumPath,
        chromiumArgs: options.chromiumArgs,
      });
    } finally {
      await references.close();
    }
    await firstViewGrowthFigures(print, {
      root: options.root,
      port: options.growthPort,
      chromiumPath: options.chromiumPath,
      chromiumArgs: options.chromiumArgs,
    });
  }
  const dashboards = await chromium.launch({ executablePath: options.chromiumPath, args: options.chromiumArgs });
  try {
    await dashboardJavaScript(print, dashboards, options);
  } finally {
    await dashboards.close();
  }
}
