/**
 * What opening a plate's dialog costs the page beneath it (decision 032). The tap's task used
 * to restyle every listing card when the dialog's style rules went into the sheet that held
 * the cards' rules, lay out the whole page after a cascade layer was added, and restyle the
 * whole page again when the dialog's scroll lock and pointer lock wrote on the root and the
 * body (~1,800 elements restyled, ~850 laid out on the marketplace's first 24 plates). Counted
 * from Chromium's own trace of the tap, so the figure is the same on a fast or a busy machine.
 */
import { expect, type Page, test } from '@playwright/test';
import { MarketplacePage } from './marketplace-page';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { type?: string }; elementCount?: number; beginData?: { dirtyObjects?: number } };
}

interface Cost {
  restyled: number;
  laidOut: number;
}

/**
 * Elements restyled and layout objects laid out by the click that opens the dialog: in the
 * click's own task, where the copy of the dialog's first frame is drawn (decision 076), and in
 * the tasks after it until the app's dialog is on screen, where the app's dialog takes its place.
 */
async function tapCost(page: Page, open: () => Promise<void>): Promise<{ click: Cost; takeOver: Cost }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser to trace');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await open();
  const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] })
    .traceEvents;
  const click = events.find((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'click');
  if (!click) throw new Error('the trace holds no click');
  const onMain = (event: TraceEvent) => event.tid === click.tid && event.pid === click.pid;
  const task = events.find(
    (event) =>
      event.name === 'RunTask' && onMain(event) && event.ts <= click.ts && event.ts + (event.dur ?? 0) >= click.ts,
  );
  if (!task) throw new Error('the trace holds no task around the click');
  const taskEnd = task.ts + (task.dur ?? 0);
  const cost = (inside: (event: TraceEvent) => boolean): Cost => {
    const picked = events.filter((event) => onMain(event) && event.ph === 'X' && inside(event));
    const sum = (name: string, count: (event: TraceEvent) => number) =>
      picked.filter((event) => event.name === name).reduce((total, event) => total + count(event), 0);
    return {
      restyled: sum('UpdateLayoutTree', (event) => event.args?.elementCount ?? 0),
      laidOut: sum('Layout', (event) => event.args?.beginData?.dirtyObjects ?? 0),
    };
  };
  return {
    click: cost((event) => event.ts >= task.ts && event.ts <= taskEnd),
    takeOver: cost((event) => event.ts > taskEnd),
  };
}

/** Until the dialog's own code, fetched once the page is ready, is here: its script and every script the loader asked for beside it. */
async function dialogCodeHere(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const arrived = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
        const asked = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
          (link) => link.href,
        );
        return (
          [...arrived].some((name) => /\/listing-dialog-[^/]+\.js$/.test(name)) &&
          asked.every((href) => arrived.has(href))
        );
      }),
    )
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
}

test.describe('opening a plate', () => {
  test('drawn from its copy first, restyles the page once as the copy makes it inert, and lays out the dialog alone', async ({
    page,
  }) => {
    const marketplace = await MarketplacePage.open(page);
    await marketplace.waitForListings(/Showing 2\d of \d+ plates/);
    await dialogCodeHere(page);
    const pageElements = await page.evaluate(() => document.body.querySelectorAll('*').length);
    const cost = await tapCost(page, async () => {
      await marketplace.viewDetailsButtons.first().click();
      await expect(marketplace.openDialog.getByRole('tab', { name: 'Buy Now' })).toBeVisible();
      await expect(page.locator('dialog[data-early-listing-dialog]')).toHaveCount(0);
    });
    // The click draws the copy of the dialog's first frame (decision 076) as a modal <dialog>,
    // which makes the page beneath inert: one restyle of the page (~1,100 elements, pseudo-elements
    // counted), a layout of the dialog alone. The app's dialog then takes its place, and in a frame
    // after it opens the design system's locks (run from an animation frame) restyle and lay out the
    // whole document once (measured 1,454 restyled, 1,008 laid out): the app's own dialog, drawn
    // without a copy, makes the same layout in the same frame (878 objects; the test below). On a
    // slowed phone the copy draws the dialog in ~100 ms instead of ~320, its checkout no later
    // (docs/performance.md). What is guarded here is that each stays one pass.
    expect(pageElements).toBeGreaterThan(400);
    expect(cost.click.restyled).toBeLessThan(pageElements * 2.5);
    expect(cost.click.laidOut).toBeLessThan(150);
    expect(cost.takeOver.restyled).toBeLessThan(pageElements * 3.5);
    expect(cost.takeOver.laidOut).toBeLessThan(pageElements * 2.5);
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });

  test('the app’s own dialog restyles and lays out the dialog, not the marketplace beneath it; the backdrop still takes a click outside', async ({
    page,
  }) => {
    const marketplace = await MarketplacePage.open(page);
    await marketplace.waitForListings(/Showing 2\d of \d+ plates/);
    const viewDetails = marketplace.viewDetailsButtons;
    await expect(viewDetails.first()).toBeVisible();
    await dialogCodeHere(page);
    // Drawn by the app alone, as a buyer's own reservation is: the page's templates for the copy
    // (decision 076, measured above) are taken out.
    await page.evaluate(() =>
      document.querySelectorAll('template[data-listing-dialog-template]').forEach((template) => template.remove()),
    );
    const pageElements = await page.evaluate(() => document.body.querySelectorAll('*').length);
    const rootStyle = await page.evaluate(() => document.documentElement.getAttribute('style'));

    const cost = await tapCost(page, async () => {
      await viewDetails.first().click();
      await expect(marketplace.openDialog).toBeVisible();
    });
    // The dialog is ~70 elements when first drawn; the page beneath is ~490 (the cards drawn
    // plain since decision 039, fewer than Chakra's), so a restyle of the page would pass 250.
    expect(pageElements).toBeGreaterThan(400);
    expect(cost.click.restyled).toBeLessThan(250);
    expect(cost.click.laidOut).toBeLessThan(150);
    // A frame later, its locks: one pass over the page at most (as above).
    expect(cost.takeOver.restyled).toBeLessThan(pageElements * 3.5);
    expect(cost.takeOver.laidOut).toBeLessThan(pageElements * 2.5);

    // The scroll lock found on the root what it writes there, and the body passes nothing new down.
    expect(await page.evaluate(() => document.documentElement.getAttribute('style'))).toBe(rootStyle);
    expect(await page.evaluate(() => document.body.hasAttribute('data-inert'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).pointerEvents)).toBe('auto');

    // A click beside the dialog, on a card's favourite button, lands on the backdrop: it closes
    // the dialog and presses nothing beneath.
    const favourites = marketplace.favouritesSaved;
    const before = await favourites.textContent();
    const dialog = await marketplace.openDialog.evaluate(
      (element) => element.getBoundingClientRect().toJSON() as DOMRect,
    );
    const hearts = await marketplace
      .favourites(/to favorites$/)
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect));
    const innerHeight = await page.evaluate(() => window.innerHeight);
    const heart = hearts.find(
      (box) => box.top >= 0 && box.bottom <= innerHeight && (box.left > dialog.right || box.right < dialog.left),
    );
    const beside = heart ? { x: heart.left + heart.width / 2, y: heart.top + heart.height / 2 } : null;
    if (!beside) throw new Error('no favourite button on screen beside the dialog');
    await page.mouse.click(beside.x, beside.y);
    await expect(marketplace.openDialog).toBeHidden();
    await expect(favourites).toHaveText(before ?? '');
    expect(await page.evaluate(() => getComputedStyle(document.body).pointerEvents)).toBe('auto');
  });
});
