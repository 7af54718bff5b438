/**
 * Buying in the marketplace: browsing offline, filtering, sorting and favourites, then a plate
 * reserved with the mobile-money sandbox, bought by card for the owner named (full name and NRC)
 * with the reservation fee deducted, seen Sold by another buyer, and both payments in the buyer's
 * list with a receipt.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { FIRST_SYNC_TIMEOUT, openApp, signInAs, waitForListings } from './app-page';
import { finishSignUp } from './signup-steps';

const LUCKY = /777|888|999|000|111|222|333|444|555|666/;

/** The marketplace's plate cards (each has a favourite toggle). */
function plateCards(page: Page): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /favorites$/ }) });
}

function plateCard(page: Page, number: string): Locator {
  return plateCards(page).filter({ hasText: number });
}

/** An Available plate no other journey names, so parallel tests do not compete for it. */
async function availablePlate(page: Page): Promise<string> {
  const response = await page.request.get('/api/listings');
  expect(response.ok()).toBe(true);
  const { listings } = (await response.json()) as { listings: Array<{ number: string; status: string }> };
  const taken = new Set(['ZM-777-VIP', 'ZM-001-ABC']);
  const free = listings.filter((listing) => listing.status === 'Available' && !taken.has(listing.number));
  expect(free.length).toBeGreaterThan(0);
  return free[Math.floor(Math.random() * free.length)]?.number ?? '';
}

async function openPlate(page: Page, number: string): Promise<Locator> {
  await plateCard(page, number).getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: `Plate ${number}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('marketplace buying', () => {
  // The first visit installs the service worker and loads the listings; give a busy machine time.
  test.describe.configure({ timeout: 60_000 });

  test('the marketplace is browsed offline after one online visit, and buying says it needs a connection', async ({
    page,
    context,
  }) => {
    await openApp(page, '/marketplace');
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
      .toBe('activated');
    await waitForListings(page);
    const online = await page.getByText(/Showing \d+ of \d+ plates/).textContent();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'License Plate Marketplace' })).toBeVisible();
    await expect(page.getByText(/Showing \d+ of \d+ plates/)).toHaveText(online ?? '', { timeout: FIRST_SYNC_TIMEOUT });

    const card = plateCards(page)
      .filter({ has: page.getByRole('button', { name: 'View Details' }) })
      .first();
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('tabpanel', { name: 'Buy Now' }).getByRole('button', { name: 'Buying needs a connection' }),
    ).toBeDisabled();
    await dialog.getByRole('tab', { name: 'Reserve' }).click();
    await expect(
      dialog.getByRole('tabpanel', { name: 'Reserve' }).getByRole('button', { name: 'Reserving needs a connection' }),
    ).toBeDisabled();
    await context.setOffline(false);
  });

  test('a long marketplace is drawn a page at a time: more as the buyer scrolls or asks, and a new filter starts again', async ({
    page,
  }) => {
    // The server's listings, topped up to 100 with more Available plates, as a busy marketplace.
    let added = 0;
    await page.route('**/api/listings', async (route) => {
      const response = await route.fetch();
      const { listings } = (await response.json()) as { listings: Array<Record<string, unknown>> };
      const template = listings.find((listing) => listing.status === 'Available') ?? {};
      added = 100 - listings.length;
      const extra = Array.from({ length: added }, (_, index) => ({
        ...template,
        id: `PL-PAGE-${index}`,
        number: `ZM-${String(100 + index).padStart(3, '0')}-PGE`,
        featured: false,
      }));
      await route.fulfill({ response, json: { listings: [...listings, ...extra] } });
    });
    await openApp(page, '/marketplace');
    await waitForListings(page, /Showing 100 of 100 plates/);
    await expect(plateCards(page)).toHaveCount(24);
    const more = page.getByRole('button', { name: /^Show more plates/ });
    await expect(more).toHaveText('Show more plates (76 not shown yet)');

    // From the keyboard: reaching the button brings it into view, which draws the next page
    // (the view keeps its place); pressing it draws another.
    await more.focus();
    await expect(plateCards(page)).toHaveCount(48);
    await page.keyboard.press('Enter');
    await expect(plateCards(page)).toHaveCount(72);
    await expect(more).toBeFocused();
    // Scrolling to the end draws the rest, page by page, until nothing is left to show.
    for (const count of [96, 100]) {
      await plateCards(page).last().scrollIntoViewIfNeeded();
      await expect(plateCards(page)).toHaveCount(count);
    }
    await expect(more).toHaveCount(0);

    // Another filter starts again from the first page of what it matches.
    await page.getByRole('searchbox', { name: 'Search plates' }).fill('PGE');
    await expect(page.getByText(`Showing ${added} of 100 plates`)).toBeVisible();
    await expect(plateCards(page)).toHaveCount(24);
  });

  test('lucky numbers are filtered, prices sorted high to low, and a favourite is saved', async ({ page }) => {
    await openApp(page, '/marketplace');
    await waitForListings(page);
    const all = await plateCards(page).count();

    await page.getByText('Lucky Numbers Only').click();
    await expect.poll(() => plateCards(page).count()).toBeLessThan(all);
    // Each card's favourite toggle is named after its plate number.
    const labels = await plateCards(page)
      .getByRole('button', { name: /favorites$/ })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    const numbers = labels.map((label) => label.replace(/^Add (.*) to favorites$/, '$1'));
    expect(numbers.length).toBeGreaterThan(0);
    for (const number of numbers) expect(number).toMatch(LUCKY);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: High to Low' });
    const prices = (await plateCards(page).allInnerTexts()).map((text) =>
      Number(/ZMW ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN),
    );
    expect(prices.every((price) => !Number.isNaN(price))).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    await expect(page.getByText('0 favorites saved')).toBeVisible();
    const heart = plateCards(page)
      .first()
      .getByRole('button', { name: /^Add .* to favorites$/ });
    await heart.click();
    await expect(page.getByText('1 favorites saved')).toBeVisible();
    await expect(
      plateCards(page)
        .first()
        .getByRole('button', { name: /^Remove .* from favorites$/ }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  test('the price range is set from the keyboard, thumb by thumb, and Lucky Numbers Only ticks with Space', async ({
    page,
  }) => {
    await openApp(page, '/marketplace');
    await waitForListings(page);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const range = filters.getByRole('group', { name: 'Price Range' });
    const low = range.getByRole('slider', { name: 'Minimum price' });
    const high = range.getByRole('slider', { name: 'Maximum price' });
    await expect(high).toHaveAttribute('aria-valuetext', 'ZMW 10,000');

    // Page Down moves a tenth of the range; the thumbs stay a step (K100) apart.
    await high.focus();
    for (let press = 0; press < 6; press += 1) await page.keyboard.press('PageDown');
    await expect(range.getByText('ZMW 0 – ZMW 4,000')).toBeVisible();
    await low.focus();
    await page.keyboard.press('End');
    await expect(low).toHaveAttribute('aria-valuetext', 'ZMW 3,900');
    await expect(range.getByText('ZMW 3,900 – ZMW 4,000')).toBeVisible();
    await page.keyboard.press('Home');
    await page.keyboard.press('PageUp');
    await expect(range.getByText('ZMW 1,000 – ZMW 4,000')).toBeVisible();
    const prices = async () =>
      (await plateCards(page).allInnerTexts()).map((text) =>
        Number(/ZMW ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN),
      );
    await expect.poll(async () => (await prices()).every((price) => price >= 1000 && price <= 4000)).toBe(true);
    expect((await prices()).length).toBeGreaterThan(0);

    const lucky = filters.getByRole('checkbox', { name: 'Lucky Numbers Only' });
    await lucky.focus();
    await page.keyboard.press('Space');
    await expect(lucky).toBeChecked();
    await filters.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(lucky).not.toBeChecked();
    await expect(range.getByText('ZMW 0 – ZMW 10,000')).toBeVisible();
  });

  test('a plate reserved with MTN is bought by card with the fee deducted, another buyer sees it Sold, and both payments have receipts', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'buyer');
    const number = await availablePlate(page);
    await openApp(page, `/marketplace?plate=${number}`);
    await waitForListings(page);

    // Reserve: ZMW 200 by MTN Mobile Money, approved on the sandbox handset prompt.
    let dialog = await openPlate(page, number);
    await dialog.getByRole('tab', { name: 'Reserve' }).click();
    const reserve = dialog.getByRole('tabpanel', { name: 'Reserve' });
    await expect(reserve.getByText('Reservation fee (7 days, deducted from the price)')).toBeVisible();
    await reserve.getByText('MTN Mobile Money').click();
    await reserve.getByLabel('Mobile money number').fill('+260 96 123 4567');
    await reserve.getByRole('button', { name: 'Reserve', exact: true }).click();
    await expect(reserve.getByText('Test payments: the handset prompt')).toBeVisible();
    await reserve.getByRole('button', { name: 'Approve' }).click();
    await expect(reserve.getByText(/^Reserved for you until \d{1,2} \w{3} \d{4}$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(plateCard(page, number).getByText('Reserved', { exact: true })).toBeVisible();
    await expect(plateCard(page, number).getByText(/^Reserved for you until/)).toBeVisible();

    // Buy: by card, the reservation fee deducted from the total.
    dialog = await openPlate(page, number);
    const buy = dialog.getByRole('tabpanel', { name: 'Buy Now' });
    await expect(buy.getByText('Reservation fee deducted')).toBeVisible();
    await expect(buy.getByText(/^Gateway fee/)).toHaveCount(0);
    await buy.getByText('Credit/Debit Card').click();
    await expect(buy.getByText('Gateway fee (Credit/Debit Card, 3%)')).toBeVisible();
    await expect(buy.getByText('-K200.00')).toBeVisible();
    await buy.getByLabel('Card number').fill('4242 4242 4242 4242');
    // Whose the plate will be: suggested from the account, refused in the wizard's words when the NRC is malformed.
    const ownerName = buy.getByRole('textbox', { name: 'Full Name' });
    const ownerNrc = buy.getByRole('textbox', { name: 'NRC Number' });
    await expect(ownerName).toHaveValue('Mwila Banda');
    await ownerNrc.fill('12345678');
    await buy.getByRole('button', { name: 'Add to Cart & Checkout' }).click();
    await expect(buy.getByText('NRC number must look like 123456/78/9')).toBeVisible();
    await ownerName.fill('Mwila Banda');
    await ownerNrc.fill('123456/78/9');
    await buy.getByRole('button', { name: 'Add to Cart & Checkout' }).click();
    await expect(buy.getByText('The plate is yours')).toBeVisible();
    await expect(buy.getByTestId('registered-owner')).toContainText('The plate will be registered to');
    await expect(buy.getByTestId('registered-owner')).toContainText('Mwila Banda, NRC 123456/78/9');
    await expect(buy.getByTestId('payment-panel')).toHaveAttribute('data-status', 'approved');
    await expect(buy.getByText('Reservation fee deducted')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(plateCard(page, number).getByRole('button', { name: 'Sold' })).toBeDisabled();

    // Another buyer, a new account, sees the plate Sold.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await openApp(other, '/auth?tab=signup');
    const form = other.getByRole('form', { name: 'Sign Up' });
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Chipo Zulu');
    await form.getByRole('textbox', { name: 'Email' }).fill(`chipo-${Date.now()}@example.zm`);
    await form.getByLabel(/^Password/).fill('cairo-road-42');
    await form.getByLabel(/Confirm Password/).fill('cairo-road-42');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await finishSignUp(other);
    await expect(other).toHaveURL(/\/dashboard$/);
    await openApp(other, `/marketplace?plate=${number}`);
    await waitForListings(other);
    await expect(plateCard(other, number).getByRole('button', { name: 'Sold' })).toBeDisabled();
    await otherContext.close();

    // The buyer's payments: both, newest first, and the purchase's receipt.
    await openApp(page, '/dashboard/user/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Payment History' });
    const purchase = table.getByRole('row').filter({ hasText: `Purchase of plate ${number}` });
    const reservation = table.getByRole('row').filter({ hasText: `Reservation of plate ${number}` });
    await expect(purchase).toContainText('Visa •••• 4242');
    await expect(purchase).toContainText('Paid');
    await expect(reservation).toContainText('MTN Mobile Money · +260 96 123 4567');
    await expect(reservation).toContainText('K200.00');
    const rows = await table.getByRole('row').allTextContents();
    expect(rows.findIndex((row) => row.includes(`Purchase of plate ${number}`))).toBeLessThan(
      rows.findIndex((row) => row.includes(`Reservation of plate ${number}`)),
    );

    await purchase.getByRole('link', { name: /^Receipt PAY-\d+$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Receipt PAY-\d+$/ })).toBeVisible();
    await expect(page.getByText(`Purchase of plate ${number}`)).toBeVisible();
    await expect(page.getByText('Reservation fee deducted')).toBeVisible();
    await expect(page.getByText('Visa •••• 4242')).toBeVisible();
    await expect(page.getByText('Mwila Banda, NRC 123456/78/9')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  });
});
