/**
 * What a cold load fetches before the page is ready, measured the one way for the budget
 * test (first-load-budget.spec.ts) and the bench (tests/bench/first-load-bench.ts): from the
 * page's own resource timing against the moment html[data-ready] was set, so a fetch begun
 * just after ready is not counted as before it however late the test hears of ready.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * Installed before the page's scripts: notes when html[data-ready] is set (a mutation
 * observer's callback runs straight after the change, before any later task), and keeps
 * every resource entry.
 */
const READY_PROBE = `
performance.setResourceTimingBufferSize(2000);
new MutationObserver((_, observer) => {
  if (document.documentElement && document.documentElement.hasAttribute('data-ready')) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, attributeFilter: ['data-ready'], subtree: true });`;

/** Before any page of `context` is opened. */
export async function installReadyProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: READY_PROBE });
}

/** The app's scripts the page began to fetch before it was ready, and all it fetched so far (paths). */
export async function scriptsByReady(page: Page, origin: string): Promise<{ ready: Set<string>; all: Set<string> }> {
  const { readyAt, scripts } = await page.evaluate((appOrigin) => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.startsWith(appOrigin) && new URL(entry.name).pathname.endsWith('.js'));
    return {
      readyAt: (window as unknown as { __readyAt?: number }).__readyAt ?? Number.POSITIVE_INFINITY,
      scripts: entries.map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
    };
  }, origin);
  return {
    ready: new Set(scripts.filter((script) => script.startTime < readyAt).map((script) => script.path)),
    all: new Set(scripts.map((script) => script.path)),
  };
}

export interface Scripts {
  kib: number;
  files: number;
  /** Each script's gzip KiB, largest first. */
  each: [string, number][];
}

/** The scripts' gzip KiB (level 9), read from the build in `dist`. */
export async function gzipKiB(dist: string, scripts: Iterable<string>): Promise<Scripts> {
  const each: [string, number][] = [];
  for (const script of scripts)
    each.push([script, gzipSync(await readFile(path.join(dist, script)), { level: 9 }).length / 1024]);
  each.sort((a, b) => b[1] - a[1]);
  return { kib: each.reduce((sum, [, kib]) => sum + kib, 0), files: each.length, each };
}
