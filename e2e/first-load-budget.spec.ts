/**
 * The first-load budget held by a test, not only printed by the bench: every public page
 * fetches at most FIRST_LOAD_BUDGET_KIB of gzip JavaScript until it is ready for input,
 * and every prerendered one shows its content with JavaScript disabled (its first paint
 * needs no script). docs/performance.md explains the budget; the bench prints the same figure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { type BuildManifest, PRERENDERED_PAGES, scriptsOf, startModules } from '../src/app/prerender/prerendered-pages';
import { waitForApp } from './app-page';
import { gzipKiB, installReadyProbe, scriptsByReady } from './first-load-scripts';
import { SitePage } from './home-page';
import { MarketplacePage } from './marketplace-page';
import { PUBLIC_ROUTES } from './public-routes';

/**
 * gzip KiB of JavaScript a public page may fetch until ready: 170 (171 for a day, 2026-12-06, until
 * the marketplace's toolbar was styled at build time and the QR scanner's panel left
 * /verification's first load: /marketplace 164.8, /verification 168.4; docs/performance.md).
 */
const FIRST_LOAD_BUDGET_KIB = 170;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
/** The app's start-up scripts, which every page fetches before it is ready. */
const START_SCRIPTS = scriptsOf(manifest, startModules(manifest)).map((file) => `/${file}`);

for (const { path: pagePath } of PUBLIC_ROUTES) {
  test(`${pagePath} fetches at most ${FIRST_LOAD_BUDGET_KIB} KiB of gzip JavaScript until ready`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
    // Counted as the bench counts: the page's own resource timing against the moment it
    // was marked ready (first-load-scripts.ts), so a slow test process cannot miss any.
    await installReadyProbe(context);
    const page = await context.newPage();
    await page.goto(pagePath, { waitUntil: 'commit' });
    await waitForApp(page);
    const { ready } = await scriptsByReady(page, new URL(baseURL ?? '').origin);
    // A measurement that missed the start-up code would pass whatever the page fetched.
    expect(
      START_SCRIPTS.filter((script) => !ready.has(script)),
      'start-up scripts not counted',
    ).toEqual([]);
    const scripts = await gzipKiB(dist, ready);
    const listed = scripts.each.map(([script, kib]) => `${script} ${kib.toFixed(1)}`).join(', ');
    expect(
      scripts.kib,
      `${pagePath}: ${scripts.kib.toFixed(1)} KiB in ${scripts.files} files: ${listed}`,
    ).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KIB);
    await context.close();
  });
}

test('the shell of every other path (dashboards) lists the start-up scripts, so its stages are fetched together', () => {
  const shell = readFileSync(path.join(dist, 'app-shell.html'), 'utf8');
  const listed = /<div id="root" data-scripts="([^"]*)"><\/div>/.exec(shell)?.[1]?.split(' ') ?? [];
  expect(
    START_SCRIPTS.filter((script) => !listed.includes(script)),
    'start-up scripts the shell does not list',
  ).toEqual([]);
});

for (const { path: pagePath } of PRERENDERED_PAGES) {
  test(`${pagePath} shows its content with JavaScript disabled`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(pagePath);
    const heading = PUBLIC_ROUTES.find((route) => route.path === pagePath)?.heading;
    expect(heading, `${pagePath} is in PUBLIC_ROUTES`).toBeDefined();
    const site = new SitePage(page);
    await expect(site.heading().first()).toHaveText(heading ?? '');
    // More than a heading: the page's text is there.
    expect((await site.main.innerText()).length).toBeGreaterThan(100);
    // The marketplace is served with its plates (decision 073): they are there before any script.
    if (pagePath === '/marketplace') {
      const marketplace = new MarketplacePage(page);
      await expect(marketplace.cards.first()).toBeVisible();
      expect(await marketplace.cards.count()).toBeGreaterThan(1);
      await expect(marketplace.shown()).toBeVisible();
    }
    await context.close();
  });
}
