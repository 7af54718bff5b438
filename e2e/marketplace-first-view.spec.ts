/**
 * The marketplace's first view is its plates (decision 073): a buyer following a link gets the
 * plates on sale in the page the server sends, the app takes them over as it hydrates (no
 * hydration error, nothing in the page moves), and the device's store is filled from the page
 * without asking the server for the listings again.
 */
import { expect, test } from '@playwright/test';
import { waitForApp } from './app-page';
import { rowsInStore } from './device-store';
import { MarketplacePage } from './marketplace-page';

test('a link to the marketplace draws its plates from the page, and the app and the store take them over', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  // Every shift of the page's main content, from the first paint on.
  await context.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { mainShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }
      >)
        for (const source of entry.sources ?? [])
          if (source.node instanceof Element && source.node.closest('main'))
            shifts.push(`${entry.value.toFixed(4)} ${source.node.outerHTML.slice(0, 80)}`);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  const listingRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/listings') listingRequests.push(request.url());
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  const marketplace = new MarketplacePage(page);
  await page.goto('/marketplace', { waitUntil: 'commit' });
  // Drawn from the page itself, before the app has started.
  await expect(marketplace.cards.first()).toBeVisible();
  const firstPlate = /ZM-\d{3}-[A-Z]+/.exec(await marketplace.cards.first().innerText())?.[0] ?? '';
  expect(firstPlate).not.toBe('');
  await waitForApp(page);
  await expect.poll(() => rowsInStore(page, 'listings')).toBeGreaterThan(0);
  // The store's copy is the page's: the same plate first, nothing moved, no second request.
  await expect(marketplace.cards.first()).toContainText(firstPlate);
  expect(await page.evaluate(() => (window as unknown as { mainShifts: string[] }).mainShifts)).toEqual([]);
  expect(listingRequests).toEqual([]);
  expect(errors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
  // The page, its filters and its toolbar are styled at build time (decisions 039 and 075): opening
  // the filters and choosing the list makes no style at run time, so nothing here made the design system.
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(marketplace.luckyOnly).toBeVisible();
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => performance.getEntriesByName('design system made').length)).toBe(0);
  await context.close();
});

test('a plate’s View Details pressed before the app has started opens its dialog once it has', async ({ page }) => {
  // The app's start is held until the press: the page is the server's alone meanwhile.
  let press: () => void = () => undefined;
  const pressed = new Promise<void>((resolve) => (press = resolve));
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await pressed;
    await route.continue();
  });
  const marketplace = new MarketplacePage(page);
  await page.goto('/marketplace', { waitUntil: 'commit' });
  const first = marketplace.viewDetailsButtons.first();
  await expect(first).toBeVisible();
  const name = (await first.getAttribute('aria-label')) ?? '';
  const number = name.replace('View Details of ', '');
  // The entry script is keeping early input (it asks for the app's scripts once it has run).
  await page.waitForSelector('link[rel="modulepreload"]', { state: 'attached' });
  await first.click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
  press();
  await expect(page.getByRole('dialog', { name: `Plate ${number}` })).toBeVisible();
});
