/**
 * Blocking time counted from the main thread's CPU time, beside Lighthouse's. Lighthouse
 * times each task by the clock and multiplies it by four (its slowed phone), so on a busy
 * machine a task that waited for a core counts as work: the same build scored 76 and 92
 * in one hour. Here each task after the first paint is timed by the CPU time the page's
 * main thread spent in it (the trace's thread duration), multiplied by four as
 * Lighthouse does, and what is over 50 ms is summed: a figure a busy machine hardly moves.
 * Unthrottled, on loopback; a cold load each time (fresh context, service workers blocked).
 */
import type { Browser, CDPSession } from '@playwright/test';
import { bounded, inRounds, median } from './figures';

/** Lighthouse's mobile CPU slowdown, and the length a task may take before it blocks. */
const CPU_SLOWDOWN = 4;
const BLOCKING_OVER_MS = 50;
/** After the page is ready (the floors: loaded), how long its tasks are still counted. */
const SETTLE_MS = 3500;
const READY_TIMEOUT_MS = 60_000;

/**
 * Resolves when the app marks itself ready. Waited for by a few lines sent over the DevTools
 * protocol, not by a Playwright locator: a locator first evaluates Playwright's own injected
 * script in the page, 20–35 ms of the main thread's CPU time traced as one of the page's
 * tasks after its first paint, counted against the app and not against the floors (which do
 * not wait for a mark).
 */
const READY_MARK = `new Promise((resolve) => {
  const root = document.documentElement;
  if (root.hasAttribute('data-ready')) return resolve(true);
  new MutationObserver((_, observer) => {
    if (!root.hasAttribute('data-ready')) return;
    observer.disconnect();
    resolve(true);
  }).observe(root, { attributes: true, attributeFilter: ['data-ready'] });
})`;

function waitForReadyMark(cdp: CDPSession, url: string): Promise<unknown> {
  return bounded(
    cdp.send('Runtime.evaluate', { expression: READY_MARK, awaitPromise: true }),
    READY_TIMEOUT_MS,
    `waiting for ${url} to be ready`,
  );
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export interface BlockingRun {
  /** Sum over tasks after first paint of (CPU ms × 4 − 50), where positive. */
  blockingMs: number;
  /** The longest such task's CPU time, ms (not multiplied). */
  longestCpuMs: number;
}

export async function blockingFromCpuTime(
  browser: Browser,
  url: string,
  { waitForReady }: { waitForReady: boolean },
): Promise<BlockingRun> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,loading',
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load' });
    if (waitForReady) await waitForReadyMark(cdp, url);
    await page.waitForTimeout(SETTLE_MS);
    await cdp.send('Tracing.end');
    await complete;
    const paint = events.find((event) => event.name === 'firstContentfulPaint');
    if (!paint) throw new Error(`no first paint traced for ${url}`);
    const tasks = events.filter(
      (event) =>
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        event.pid === paint.pid &&
        event.tid === paint.tid &&
        event.ts >= paint.ts,
    );
    let blockingMs = 0;
    let longestCpuMs = 0;
    for (const task of tasks) {
      const cpuMs = (task.tdur ?? 0) / 1000;
      blockingMs += Math.max(0, cpuMs * CPU_SLOWDOWN - BLOCKING_OVER_MS);
      longestCpuMs = Math.max(longestCpuMs, cpuMs);
    }
    return { blockingMs, longestCpuMs };
  } finally {
    await context.close();
  }
}

/** `runs` rounds over the rows, taken in turn as the Lighthouse rounds are (inRounds). */
export function blockingRounds(
  browser: Browser,
  rows: { url: string; isApp: boolean }[],
  runs: number,
): Promise<BlockingRun[][]> {
  return inRounds(rows, runs, (row) => blockingFromCpuTime(browser, row.url, { waitForReady: row.isApp }));
}

/** "median (runs); longest task's CPU ms, median". */
export function describeBlocking(runs: BlockingRun[]): string {
  const blocking = runs.map((run) => Math.round(run.blockingMs));
  return `${Math.round(median(blocking))} (${blocking.join(', ')}); longest task ${median(runs.map((run) => run.longestCpuMs)).toFixed(1)} ms CPU`;
}
