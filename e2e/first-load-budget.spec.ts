/**
 * The first-load budget held by a test, not only printed by the bench: every public page
 * fetches at most FIRST_LOAD_BUDGET_KIB of gzip JavaScript until it is ready for input,
 * and every prerendered one shows its content with JavaScript disabled (its first paint
 * needs no script). docs/performance.md explains the budget; the bench prints the same figure.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { PRERENDERED_PAGES } from '../src/app/prerender/prerendered-pages';
import { PUBLIC_ROUTES } from './public-routes';

/** gzip KiB of JavaScript a public page may fetch until ready. */
const FIRST_LOAD_BUDGET_KIB = 170;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

for (const { path: pagePath } of PUBLIC_ROUTES) {
  test(`${pagePath} fetches at most ${FIRST_LOAD_BUDGET_KIB} KiB of gzip JavaScript until ready`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    // The moment the app marks the page ready, taken inside the page: requests made after
    // it (what the app prefetches once idle) are not part of the first load.
    await page.addInitScript(() => {
      // The document is still empty when this runs: watch it whole for the attribute.
      new MutationObserver((_changes, observer) => {
        if (!document.documentElement?.hasAttribute('data-ready')) return;
        (window as unknown as { readyAt: number }).readyAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
    });
    const requests: { pathname: string; startedAt: number }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(baseURL ?? '').origin && url.pathname.endsWith('.js')) requests.push({ pathname: url.pathname, startedAt: Date.now() });
    });
    await page.goto(pagePath, { waitUntil: 'commit' });
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    const readyAt = await page.evaluate(() => (window as unknown as { readyAt: number }).readyAt);
    const scripts = new Set(requests.filter((request) => request.startedAt <= readyAt).map((request) => request.pathname));
    let bytes = 0;
    for (const script of scripts) bytes += gzipSync(await readFile(path.join(dist, script)), { level: 9 }).length;
    const kib = bytes / 1024;
    expect(scripts.size).toBeGreaterThan(0);
    expect(kib, `${pagePath}: ${kib.toFixed(1)} KiB in ${scripts.size} files: ${[...scripts].join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KIB);
    await context.close();
  });
}

for (const { path: pagePath } of PRERENDERED_PAGES) {
  test(`${pagePath} shows its content with JavaScript disabled`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(pagePath);
    const heading = PUBLIC_ROUTES.find((route) => route.path === pagePath)?.heading;
    expect(heading, `${pagePath} is in PUBLIC_ROUTES`).toBeDefined();
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading ?? '');
    // More than a heading: the page's text is there.
    expect((await page.locator('main').innerText()).length).toBeGreaterThan(100);
    await context.close();
  });
}
