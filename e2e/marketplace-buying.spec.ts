/**
 * Buying in the marketplace: browsing offline, filtering, sorting and favourites, then a plate
 * reserved with the mobile-money sandbox, bought by card (on the card provider's page) for the owner named (full name and NRC)
 * with the reservation fee deducted, seen Sold by another buyer, and both payments in the buyer's
 * list with a receipt.
 */
import { expect, test } from '@playwright/test';
import { FIRST_SYNC_TIMEOUT, openApp, signInAs } from './app-page';
import { AuthPage } from './auth-page';
import { freePlate } from './free-plate';
import { payOnCardPage, receiptOf } from './card-page';
import { MarketplacePage, PaymentsPage } from './marketplace-page';
import { withServiceWorker } from './service-worker';

const LUCKY = /777|888|999|000|111|222|333|444|555|666/;

test.describe('marketplace buying', () => {
  // The first visit installs the service worker and loads the listings; give a busy machine time.
  test.describe.configure({ timeout: 60_000 });

  withServiceWorker(() => {
    test('the marketplace is browsed offline after one online visit, and buying says it needs a connection', async ({
      page,
      context,
    }) => {
      const market = await MarketplacePage.open(page);
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
        .toBe('activated');
      await market.waitForListings();
      const online = await market.shown().textContent();

      await context.setOffline(true);
      await page.reload();
      await expect(market.heading).toBeVisible();
      await expect(market.shown()).toHaveText(online ?? '', { timeout: FIRST_SYNC_TIMEOUT });

      const dialog = await market.openFirstPlate();
      await expect(dialog.buy.getByRole('button', { name: 'Buying needs a connection' })).toBeDisabled();
      await dialog.tab('Reserve').click();
      await expect(dialog.reserve.getByRole('button', { name: 'Reserving needs a connection' })).toBeDisabled();
      await context.setOffline(false);
    });
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
    // Reached from the home page, so the listings come from the device's first sync (the request
    // above), not with the marketplace's own page (decision 073).
    await openApp(page, '/');
    await page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'Marketplace' }).click();
    const market = new MarketplacePage(page);
    await market.waitForListings(/Showing 100 of 100 plates/);
    await expect(market.cards).toHaveCount(24);
    const more = market.showMore;
    await expect(more).toHaveText('Show more plates (76 not shown yet)');

    // From the keyboard: reaching the button brings it into view, which draws the next page
    // (the view keeps its place); pressing it draws another.
    await more.focus();
    await expect(market.cards).toHaveCount(48);
    await page.keyboard.press('Enter');
    await expect(market.cards).toHaveCount(72);
    await expect(more).toBeFocused();
    // Scrolling to the end draws the rest, page by page, until nothing is left to show.
    for (const count of [96, 100]) {
      await market.cards.last().scrollIntoViewIfNeeded();
      await expect(market.cards).toHaveCount(count);
    }
    await expect(more).toHaveCount(0);

    // Another filter starts again from the first page of what it matches.
    await market.search.fill('PGE');
    await expect(market.shown(`Showing ${added} of 100 plates`)).toBeVisible();
    await expect(market.cards).toHaveCount(24);
  });

  test('lucky numbers are filtered, prices sorted high to low, and a favourite is saved', async ({ page }) => {
    const market = await MarketplacePage.open(page);
    await market.waitForListings();
    const all = await market.cards.count();

    await market.clickLuckyOnly();
    await expect.poll(() => market.cards.count()).toBeLessThan(all);
    // Each card's favourite toggle is named after its plate number.
    const labels = await market
      .favourite(market.cards)
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    const numbers = labels.map((label) => label.replace(/^Add (.*) to favorites$/, '$1'));
    expect(numbers.length).toBeGreaterThan(0);
    for (const number of numbers) expect(number).toMatch(LUCKY);

    await market.sortBy.selectOption({ label: 'Price: High to Low' });
    const prices = await market.prices();
    expect(prices.every((price) => !Number.isNaN(price))).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    await expect(page.getByText('0 favorites saved')).toBeVisible();
    const heart = market.favourite(market.cards.first(), /^Add .* to favorites$/);
    await heart.click();
    await expect(page.getByText('1 favorites saved')).toBeVisible();
    await expect(market.favourite(market.cards.first(), /^Remove .* from favorites$/)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('the price range is set from the keyboard, thumb by thumb, and Lucky Numbers Only ticks with Space', async ({
    page,
  }) => {
    const market = await MarketplacePage.open(page);
    await market.waitForListings();
    const range = market.priceRange;
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
    const prices = () => market.prices();
    await expect.poll(async () => (await prices()).every((price) => price >= 1000 && price <= 4000)).toBe(true);
    expect((await prices()).length).toBeGreaterThan(0);

    const lucky = market.luckyOnly;
    await lucky.focus();
    await page.keyboard.press('Space');
    await expect(lucky).toBeChecked();
    await market.filters.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(lucky).not.toBeChecked();
    await expect(range.getByText('ZMW 0 – ZMW 10,000')).toBeVisible();
  });

  test('a plate reserved with MTN is bought by card with the fee deducted, another buyer sees it Sold, and both payments have receipts', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'buyer');
    const { number } = await freePlate(page);
    const market = await MarketplacePage.open(page, number);
    await market.waitForListings();

    // Reserve: ZMW 200 by MTN Mobile Money, approved on the sandbox handset prompt.
    let dialog = await market.openPlate(number);
    await dialog.tab('Reserve').click();
    const reserve = dialog.reserve;
    await expect(reserve.getByText('Reservation fee (7 days, deducted from the price)')).toBeVisible();
    await dialog.chooseMethod(reserve, 'MTN Mobile Money');
    await reserve.getByLabel('Mobile money number').fill('+260 96 123 4567');
    await reserve.getByRole('button', { name: 'Reserve', exact: true }).click();
    await expect(reserve.getByText('Test payments: the handset prompt')).toBeVisible();
    await reserve.getByRole('button', { name: 'Approve' }).click();
    await expect(reserve.getByText(/^Reserved for you until \d{1,2} \w{3} \d{4}$/)).toBeVisible();
    await dialog.close();
    await expect(market.card(number).getByText('Reserved', { exact: true })).toBeVisible();
    await expect(market.card(number).getByText(/^Reserved for you until/)).toBeVisible();

    // Buy: by card, the reservation fee deducted from the total.
    dialog = await market.openPlate(number);
    const buy = dialog.buy;
    await expect(buy.getByText('Reservation fee deducted')).toBeVisible();
    await expect(buy.getByText(/^Gateway fee/)).toHaveCount(0);
    await dialog.chooseMethod(buy, 'Credit/Debit Card');
    await expect(buy.getByText('Gateway fee (Credit/Debit Card, 3%)')).toBeVisible();
    await expect(buy.getByText('-K200.00')).toBeVisible();
    // Whose the plate will be: suggested from the account, refused in the wizard's words when the NRC is malformed.
    const ownerName = dialog.ownerName;
    const ownerNrc = dialog.ownerNrc;
    await expect(ownerName).toHaveValue('Mwila Banda');
    await ownerNrc.fill('12345678');
    // Buy Now asks for the vehicle as the wizard does; this buyer does not know it yet.
    await dialog.tickVehicleNotYetKnown();
    await dialog.checkout.click();
    await expect(buy.getByText('NRC number must look like 123456/78/9')).toBeVisible();
    await ownerName.fill('Mwila Banda');
    await ownerNrc.fill('123456/78/9');
    await dialog.checkout.click();
    // Paid on the card provider's page, the buyer is back on the purchase's receipt.
    await payOnCardPage(page, '4242 4242 4242 4242');
    const paid = receiptOf(page);
    await expect(paid).toContainText(`Purchase of plate ${number}`);
    await expect(paid).toContainText('StatusPaid');
    await expect(paid).toContainText('Plate ownerMwila Banda, NRC 123456/78/9');
    await expect(paid).toContainText('Reservation fee deducted');
    await MarketplacePage.open(page, number);
    await market.waitForListings();
    await expect(market.card(number).getByRole('button', { name: 'Sold' })).toBeDisabled();

    // Another buyer, a new account, sees the plate Sold.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    const signUp = await AuthPage.open(other, 'Sign Up');
    await signUp.signUp({ name: 'Chipo Zulu', email: `chipo-${Date.now()}@example.zm`, password: 'cairo-road-42' });
    await signUp.finishSignUp();
    await expect(other).toHaveURL(/\/dashboard$/);
    const otherMarket = await MarketplacePage.open(other, number);
    await otherMarket.waitForListings();
    await expect(otherMarket.card(number).getByRole('button', { name: 'Sold' })).toBeDisabled();
    await otherContext.close();

    // The buyer's payments: both, newest first, and the purchase's receipt.
    const payments = await PaymentsPage.open(page, '/dashboard/user/payments');
    await expect(payments.heading('Payments')).toBeVisible();
    const table = payments.history;
    const purchase = payments.row(`Purchase of plate ${number}`);
    const reservation = payments.row(`Reservation of plate ${number}`);
    await expect(purchase).toContainText('Visa •••• 4242');
    await expect(purchase).toContainText('Paid');
    await expect(reservation).toContainText('MTN Mobile Money · +260 96 123 4567');
    await expect(reservation).toContainText('K200.00');
    const rows = await table.getByRole('row').allTextContents();
    expect(rows.findIndex((row) => row.includes(`Purchase of plate ${number}`))).toBeLessThan(
      rows.findIndex((row) => row.includes(`Reservation of plate ${number}`)),
    );

    await payments.receiptLink(purchase).click();
    await expect(payments.heading(/^(Receipt|Payment) PAY-\d+$/)).toBeVisible();
    await expect(page.getByText(`Purchase of plate ${number}`)).toBeVisible();
    await expect(page.getByText('Reservation fee deducted')).toBeVisible();
    await expect(page.getByText('Visa •••• 4242')).toBeVisible();
    await expect(page.getByText('Mwila Banda, NRC 123456/78/9')).toBeVisible();
    await expect(payments.printReceipt).toBeVisible();
  });
});
