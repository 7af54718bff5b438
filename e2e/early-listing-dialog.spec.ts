/**
 * A plate's dialog drawn before its code has arrived (decision 076). The dialog's script is
 * held back: a tap on View Details must draw the dialog at once from the page's template, with
 * the plate's values, as a modal dialog a person can use (focus inside, Escape, the close
 * button and a tap beside it close it, and the dialog does not open later when the code
 * arrives); once the code is in, the app's dialog takes its place with the plate where it was.
 * A visitor's copy carries the checkout too, on either tab, with its sign-in link (decision 088).
 */
import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { signInAs, waitForApp } from './app-page';
import { MarketplacePage } from './marketplace-page';

const DIALOG_SCRIPT = /\/assets\/listing-dialog-[^/]+\.js$/;
/** The copy drawn from the template (a native <dialog> around the app's markup), not the app's. */
const EARLY_COPY = 'dialog[data-early-listing-dialog]';

interface Held {
  /** Lets the dialog's script through. */
  release: () => void;
  /** Resolves once the page has asked for the script. */
  asked: Promise<void>;
}

/** Holds the dialog's script back until released (or fails it, with `fail`). */
async function holdDialogScript(page: Page, { fail = false } = {}): Promise<Held> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked: () => void = () => undefined;
  const isAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route(DIALOG_SCRIPT, async (route: Route) => {
    asked();
    await released;
    await (fail ? route.abort() : route.continue());
  });
  return { release, asked: isAsked };
}

/**
 * A plate on sale, the last: the journeys running beside these sell from the first (one sold
 * while a test holds it turned the page's first button into another plate's). Its View Details
 * button, found by the plate's number from then on, and the number.
 */
async function plateOnSale(page: Page): Promise<{ button: Locator; number: string }> {
  const last = new MarketplacePage(page).viewDetailsButtons.last();
  await expect(last).toBeVisible();
  const number = ((await last.getAttribute('aria-label')) ?? '').replace('View Details of ', '');
  expect(number).not.toBe('');
  return { button: page.getByRole('button', { name: `View Details of ${number}`, exact: true }), number };
}

/**
 * /marketplace ready, the dialog's script held back (and asked for): a plate on sale, its
 * View Details button and number, and its dialog as assistive technology names it.
 */
async function readyWithDialogHeld(page: Page, options: { fail?: boolean } = {}) {
  const held = await holdDialogScript(page, options);
  await page.goto('/marketplace');
  await waitForApp(page);
  await held.asked;
  const plate = await plateOnSale(page);
  return { held, ...plate, dialog: page.getByRole('dialog', { name: `Plate ${plate.number}` }) };
}

/** The listing as the page was served with it. */
async function servedListing(page: Page, number: string) {
  return page.evaluate((plate) => {
    const served = JSON.parse(document.getElementById('nb-page-listings')?.textContent ?? '{}') as {
      listings: Array<{ number: string; description: string; featured: boolean; type: string }>;
    };
    return served.listings.find((listing) => listing.number === plate);
  }, number);
}

/** Until no entrance animation runs (the skeleton's endless pulse aside). */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

const isFocusInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null && document.activeElement !== null);

/**
 * /marketplace with the app's start held back until `start()`: the page the server drew, with the
 * entry script keeping early input (it asks for the app's scripts once it has run).
 */
async function marketplaceHeldBack(page: Page) {
  let start: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (start = resolve));
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await started;
    await route.continue();
  });
  await page.goto('/marketplace', { waitUntil: 'commit' });
  const plate = await plateOnSale(page);
  await page.waitForSelector('link[rel="modulepreload"]', { state: 'attached' });
  return { ...plate, start };
}

/** /marketplace held back as above, a plate's View Details pressed: its dialog is on screen. */
async function pressedBeforeStart(page: Page) {
  const held = await marketplaceHeldBack(page);
  await held.button.click();
  const dialog = page.getByRole('dialog', { name: `Plate ${held.number}` });
  await expect(dialog).toBeVisible();
  return { ...held, dialog };
}

test.describe('a plate’s dialog before its code has arrived', () => {
  test('is drawn at the tap with the plate’s values, and Escape closes it for good', async ({ page }) => {
    const { held, button, number, dialog } = await readyWithDialogHeld(page);
    const served = await servedListing(page, number);
    await button.click();

    await expect(dialog).toBeVisible();
    await expect(page.locator(EARLY_COPY)).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(dialog).toContainText(served?.description ?? 'missing');
    await expect(dialog).toContainText(served?.type ?? 'missing');
    await expect(dialog).toContainText(/ZMW [\d,]+/);
    await expect(dialog).toContainText('Digital Documentation');
    expect(await isFocusInDialog(page)).toBe(true);
    // The page beneath is inert: nothing in it takes the focus.
    expect(
      await button.evaluate((element: HTMLElement) => {
        element.focus();
        return document.activeElement === element;
      }),
    ).toBe(false);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    held.release();
    // The code arrives: the open was cancelled, so no dialog follows it.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/listing-dialog-[^/]+\.js$/.test(entry.name)),
    );
    await page.waitForTimeout(1000);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Opened again now the code is here: the app's own dialog (after its copy's frame, below).
    await button.click();
    await expect(dialog.getByRole('tab', { name: 'Buy Now' })).toBeVisible();
    await expect(page.locator(EARLY_COPY)).toHaveCount(0);
  });

  test('is closed by its close button and by a tap beside it, and neither opens the app’s later', async ({ page }) => {
    const { held, button, dialog } = await readyWithDialogHeld(page);

    await button.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, 8);
    await expect(dialog).toBeHidden();

    held.release();
    await page.waitForTimeout(1500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('gives way to the app’s dialog with the plate where it was, one dialog for assistive technology', async ({
    page,
  }) => {
    const { held, button, number, dialog } = await readyWithDialogHeld(page);
    await button.click();
    await expect(page.locator(EARLY_COPY)).toHaveCount(1);
    await animationsSettled(page);
    const plate = dialog.getByText(number, { exact: true });
    const earlyPlate = await plate.boundingBox();
    const earlyTitle = await dialog.getByRole('heading', { name: `Plate ${number}` }).boundingBox();

    held.release();
    await expect(page.locator(EARLY_COPY)).toHaveCount(0);
    // Its entrance is not played again: the copy's had ended, so the app's dialog's ended with it.
    // (Entrances are keyframe animations; a transition, such as the focus ring of the button the
    // focus passes through on its way into the app's dialog, is not one.)
    expect(
      await page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSAnimation)
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.playState)
          .filter((state) => state === 'running'),
      ),
    ).toEqual([]);
    await expect(dialog.getByRole('tab', { name: 'Buy Now' })).toBeVisible();
    await animationsSettled(page);
    expect(await plate.boundingBox()).toEqual(earlyPlate);
    expect(await dialog.getByRole('heading', { name: `Plate ${number}` }).boundingBox()).toEqual(earlyTitle);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await isFocusInDialog(page)).toBe(true);

    // The app's dialog gives the focus back to the plate's button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('is drawn from the template even once the code is here, and the app’s dialog takes its place', async ({
    page,
  }) => {
    await page.goto('/marketplace');
    await waitForApp(page);
    // The dialog's code is fetched once the page is ready and idle: here, and run, once the line is quiet.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/listing-dialog-[^/]+\.js$/.test(entry.name)),
    );
    await page.waitForLoadState('networkidle');
    const { button, number } = await plateOnSale(page);
    const dialog = page.getByRole('dialog', { name: `Plate ${number}` });
    // Every copy the page draws, however briefly: the app's dialog takes it away within a frame or two.
    await page.evaluate(() => {
      (window as unknown as { copiesDrawn: number }).copiesDrawn = 0;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element && node.matches('dialog[data-early-listing-dialog]'))
              (window as unknown as { copiesDrawn: number }).copiesDrawn += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await button.click();
    await expect(dialog.getByRole('tab', { name: 'Buy Now' })).toBeVisible();
    await expect(page.locator(EARLY_COPY)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { copiesDrawn: number }).copiesDrawn)).toBe(1);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await isFocusInDialog(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('is closed, and the error shown, when the code cannot be loaded', async ({ page }) => {
    const { held, button, dialog } = await readyWithDialogHeld(page, { fail: true });
    await button.click();
    await expect(dialog).toBeVisible();
    held.release();
    await expect(page.getByText('This plate could not be opened')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('is drawn at a press before the app has started, and closed then, is not opened once it has', async ({
    page,
  }) => {
    const { dialog, start } = await pressedBeforeStart(page);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    start();
    await waitForApp(page);
    await page.waitForTimeout(1500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('closed before the app has started and pressed again, is taken over by the app’s dialog once it has', async ({
    page,
  }) => {
    const { button, dialog, start } = await pressedBeforeStart(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await button.click();
    await expect(dialog).toBeVisible();
    start();
    await expect(dialog.getByRole('tab', { name: 'Buy Now' })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(EARLY_COPY)).toHaveCount(0);
  });

  test('is drawn at a press before the app has started, and the app’s dialog takes its place once it has', async ({
    page,
  }) => {
    const held = await holdDialogScript(page);
    const { dialog, start } = await pressedBeforeStart(page);
    await expect(page.locator(EARLY_COPY)).toHaveCount(1);
    // Who is signed in is not known before the app has started: a skeleton where the checkout goes.
    await expect(dialog.getByRole('tab')).toHaveCount(0);
    start();
    // Started, the app knows a visitor: the copy gets a visitor's checkout while the dialog's code is held.
    await expect(dialog.getByRole('link', { name: 'Sign in to buy' })).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('tab', { name: 'Buy Now' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator(EARLY_COPY)).toHaveCount(1);
    held.release();
    await expect(page.locator(EARLY_COPY)).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Sign in to buy' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });

  test('draws a visitor’s checkout: its tabs follow the keys and a tap, and the app’s dialog opens on the tab chosen, the focus on it', async ({
    page,
  }) => {
    const { held, button, number, dialog } = await readyWithDialogHeld(page);
    const quotes: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/listings\/[^/]+\/quote$/.test(new URL(request.url()).pathname)) quotes.push(request.url());
    });
    const signIn = (tab: 'buy' | 'reserve') =>
      `/auth?redirect=${encodeURIComponent(`/marketplace?${new URLSearchParams(tab === 'buy' ? { open: number } : { open: number, tab })}`)}`;
    await button.click();
    await expect(page.locator(EARLY_COPY)).toHaveCount(1);
    const buyNow = dialog.getByRole('tab', { name: 'Buy Now' });
    const reserve = dialog.getByRole('tab', { name: 'Reserve' });
    await expect(buyNow).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tabpanel')).toContainText('Loading prices…');
    await expect(dialog.getByRole('link', { name: 'Sign in to buy' })).toHaveAttribute('href', signIn('buy'));
    // The panel is named by its tab, the tab names its panel: the copy's own ids.
    await expect(dialog.getByRole('tabpanel', { name: 'Buy Now' })).toBeVisible();
    // The prices are asked for at the tap, for the app's dialog to show when it opens.
    await expect.poll(() => quotes.length).toBe(1);

    // The arrow keys move between the tabs, as the app's do; a tap does too.
    await buyNow.focus();
    await page.keyboard.press('ArrowRight');
    await expect(reserve).toHaveAttribute('aria-selected', 'true');
    await expect(reserve).toBeFocused();
    await expect(dialog.getByRole('link', { name: 'Sign in to reserve' })).toHaveAttribute('href', signIn('reserve'));
    await buyNow.click();
    await expect(buyNow).toHaveAttribute('aria-selected', 'true');
    // Home on the first tab stays there; End goes to the last.
    await page.keyboard.press('Home');
    await expect(buyNow).toHaveAttribute('aria-selected', 'true');
    await expect(buyNow).toBeFocused();
    await page.keyboard.press('End');
    await expect(reserve).toHaveAttribute('aria-selected', 'true');
    await expect(reserve).toBeFocused();
    await expect(page.locator(EARLY_COPY)).toHaveCount(1);

    held.release();
    await expect(page.locator(EARLY_COPY)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(reserve).toHaveAttribute('aria-selected', 'true');
    await expect(reserve).toBeFocused();
    await expect(dialog.getByRole('link', { name: 'Sign in to reserve' })).toHaveAttribute('href', signIn('reserve'));
    // The app's dialog shows the prices asked for at the tap, and asks no more.
    await expect(dialog.getByRole('tabpanel')).toContainText('Reservation fee');
    expect(quotes).toHaveLength(1);
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('link', { name: 'Sign in to buy' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a visitor’s sign-in link in the copy leads to signing in, on the way back to the plate', async ({ page }) => {
    const { held, button, number, dialog } = await readyWithDialogHeld(page);
    await button.click();
    await dialog.getByRole('tab', { name: 'Reserve' }).click();
    await dialog.getByRole('link', { name: 'Sign in to reserve' }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/auth' &&
        url.searchParams.get('redirect') === `/marketplace?${new URLSearchParams({ open: number, tab: 'reserve' })}`,
    );
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    held.release();
  });

  test('draws a skeleton where a signed-in buyer’s checkout goes: their forms are the app’s to draw', async ({
    page,
  }) => {
    await signInAs(page, 'buyer');
    const { held, button, dialog } = await readyWithDialogHeld(page);
    // The device has heard from the server who is signed in.
    await page.waitForFunction(() => localStorage.getItem('nambala.session-user') !== null);
    await button.click();
    await expect(page.locator(EARLY_COPY)).toHaveCount(1);
    await expect(dialog).toContainText('Digital Documentation');
    await expect(dialog.getByRole('tab')).toHaveCount(0);
    held.release();
    await expect(page.locator(EARLY_COPY)).toHaveCount(0);
    await expect(dialog.getByRole('tab', { name: 'Buy Now' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Sign in to buy' })).toHaveCount(0);
  });
});
