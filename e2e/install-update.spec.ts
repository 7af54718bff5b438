/**
 * Installing is offered, and a new version is announced: the Install app button where the
 * browser offers installation (its `beforeinstallprompt` event, raised here by hand since a
 * test browser never raises it), Add to Home Screen steps on an iPhone, and the update
 * prompt between two builds served one after the other.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devices, expect, type Page, test } from '@playwright/test';
import { openApp, waitForApp } from './app-page';
import { SitePage } from './home-page';
import { ownServer } from './own-server';
import { withServiceWorker } from './service-worker';

test('the Install app button opens the browser’s install prompt once', async ({ page }) => {
  // On a page styled at build time: the offer, which comes while the page idles, is drawn plain.
  const site = await SitePage.open(page, '/verification');
  await expect(site.installApp).toHaveCount(0);
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        document.body.dataset.installPrompts = String(Number(document.body.dataset.installPrompts ?? '0') + 1);
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await expect(site.installApp).toBeVisible();
  expect(await page.evaluate(() => performance.getEntriesByName('design system made').length)).toBe(0);
  await site.installApp.click();
  await expect(site.body).toHaveAttribute('data-install-prompts', '1');
  await expect(site.installApp).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  const { defaultBrowserType: _browser, ...iPhone } = devices['iPhone 13'];
  test.use(iPhone);

  test('Install app, in the menu on a phone, shows how to add Nambala from the Share menu', async ({ page }) => {
    const site = await SitePage.open(page, '/');
    // A phone's header has no room for it: it is in the menu.
    await expect(site.installApp).toBeHidden();
    await site.openMenu.click();
    await site.installApp.click();
    const steps = site.homeScreenSteps;
    await expect(steps).toBeVisible();
    await expect(steps).toContainText('Add to Home Screen');
    await site.homeScreenDone.click();
    await expect(steps).toHaveCount(0);
  });
});

/** The build id the service worker's precache gives the prerendered pages (vite.config.ts). */
async function buildIdOf(appDir: string): Promise<string> {
  const id = /\{url:"\/app-shell\.html",revision:"(\w+)"\}/.exec(
    await readFile(path.join(appDir, 'sw.js'), 'utf8'),
  )?.[1];
  if (!id) throw new Error('sw.js lists no app-shell.html revision');
  return id;
}

async function precachedRevisions(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls.map((url) => new URL(url).searchParams.get('__WB_REVISION__') ?? '').filter(Boolean);
  });
}

withServiceWorker(() => {
  test('a new build is announced, installed only on Update now, and then serves the page', async ({ browser }) => {
    test.setTimeout(120_000);
    const work = await mkdtemp(path.join(tmpdir(), 'nambala-builds-'));
    const appDir = path.join(work, 'app');
    await cp(path.join(import.meta.dirname, '../dist'), appDir, { recursive: true });
    const server = ownServer(10, { APP_DIR: appDir });
    await server.start();
    const context = await browser.newContext({ baseURL: server.baseURL });
    try {
      const page = await context.newPage();
      await openApp(page, '/');
      // The first build's worker takes over from the next load.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
        .toBe(true);
      const first = await buildIdOf(appDir);
      expect(await precachedRevisions(page)).toContain(first);
      const site = new SitePage(page);
      await expect(site.updateReady).toHaveCount(0);

      // The second build: the same sources built again carry a new build id in the worker.
      const second = `${first}x`;
      await writeFile(
        path.join(appDir, 'sw.js'),
        (await readFile(path.join(appDir, 'sw.js'), 'utf8')).replaceAll(`revision:"${first}"`, `revision:"${second}"`),
      );
      // Its compressed copies from the first build go (the build writes them again): the server sends the file.
      await Promise.all(['sw.js.br', 'sw.js.gz'].map((copy) => rm(path.join(appDir, copy), { force: true })));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

      await expect(site.updateNotice).toBeVisible({ timeout: 30_000 });
      // Waiting, not installed under the reader's feet: the page is still the first build's.
      expect(await precachedRevisions(page)).toContain(first);
      await Promise.all([page.waitForEvent('load'), site.updateNow.click()]);
      await waitForApp(page);
      await expect.poll(() => precachedRevisions(page)).toContain(second);
      await expect(site.updateReady).toHaveCount(0);
    } finally {
      await context.close();
      await server.stop();
      await rm(work, { recursive: true, force: true });
    }
  });
});
