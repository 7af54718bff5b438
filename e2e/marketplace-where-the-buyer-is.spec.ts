/**
 * Buying from where the buyer is: a reservation bought from its own dialog in My Plates &
 * Orders (the fee deducted, shown before and after), back in the plate's dialog after "Sign in
 * to buy", the search and filters kept in the address through a reload, a search typed however
 * ("zm 777"), and on a phone the first plate on the first screen.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInAs } from './app-page';
import { AuthPage } from './auth-page';
import { freePlate } from './free-plate';
import { payOnCardPage, payOnCardPageByRequest, receiptOf } from './card-page';
import { APPROVE_CARD } from './lifecycle-steps';
import { MarketplacePage, PlateDialog } from './marketplace-page';
import { MyPlatesPage } from './my-plates-page';

test.describe('buying from where the buyer is', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a reservation is bought from its own dialog, the fee deducted and shown', async ({ page }) => {
    await signInAs(page, 'buyer');
    const plate = await freePlate(page);
    const reserved = await page.request.post(`/api/listings/${plate.id}/reserve`, {
      data: { idempotencyKey: randomUUID(), method: 'card' },
    });
    expect(reserved.status()).toBe(201);
    // The reservation's fee paid on the card provider's page, as the buyer's browser would.
    const { payment } = (await reserved.json()) as { payment: { checkoutUrl: string } };
    expect((await payOnCardPageByRequest(page.request, payment.checkoutUrl, APPROVE_CARD.number)).status).toBe(
      'approved',
    );

    const plates = await MyPlatesPage.open(page, '/dashboard/user/plates');
    await plates
      .row(plate.number)
      .getByRole('button', { name: /^View / })
      .click();
    const order = page.getByRole('dialog', { name: `Reservation of ${plate.number}` });
    const buyNow = order.getByRole('region', { name: 'Buy Now' });
    await expect(buyNow.getByText('Reservation fee deducted')).toBeVisible();
    await expect(buyNow.getByText('-K200.00')).toBeVisible();
    await buyNow.getByRole('link', { name: `Buy now ${plate.number}` }).click();

    // The plate's own checkout: Buy Now alone, the fee deducted.
    const dialog = page.getByRole('dialog', { name: `Plate ${plate.number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Reserve' })).toHaveCount(0);
    const buy = dialog.getByRole('tabpanel', { name: 'Buy Now' });
    await expect(buy.getByText('Reservation fee deducted')).toBeVisible();
    await buy.getByText('Credit/Debit Card').click();
    await buy.getByRole('textbox', { name: 'Full Name' }).fill('Mwila Banda');
    await buy.getByRole('textbox', { name: 'NRC Number' }).fill('123456/78/9');
    await new PlateDialog(dialog).tickVehicleNotYetKnown();
    await buy.getByRole('button', { name: 'Add to Cart & Checkout' }).click();
    // Paid on the card provider's page, the buyer is back on the purchase's receipt.
    await payOnCardPage(page, APPROVE_CARD.number);
    const receipt = receiptOf(page);
    await expect(receipt).toContainText(`Purchase of plate ${plate.number}`);
    await expect(receipt).toContainText('StatusPaid');
    await expect(receipt.getByText('Reservation fee deducted')).toBeVisible();
    await expect(receipt.getByText('-K200.00')).toBeVisible();
  });

  test('after "Sign in to buy" the buyer is back in the plate’s dialog', async ({ page }) => {
    const market = await MarketplacePage.open(page);
    await market.waitForListings();
    const plate = await freePlate(page);
    await market.search.fill(plate.number);
    const dialog = await market.openPlate(plate.number);
    await dialog.buy.getByRole('link', { name: 'Sign in to buy' }).click();
    const auth = await AuthPage.shown(page);
    await auth.logIn('buyer@nambala.zm', 'Buyer#2026');
    await expect(page).toHaveURL(/\/marketplace\?open=/);
    const reopened = page.getByRole('dialog', { name: `Plate ${plate.number}` });
    await expect(reopened).toBeVisible();
    await expect(reopened.getByRole('button', { name: 'Add to Cart & Checkout' })).toBeVisible();
  });

  test('a search typed "zm 777" finds ZM-777 plates, and the search and filters survive a reload', async ({ page }) => {
    const market = await MarketplacePage.open(page);
    await market.waitForListings();
    await market.search.fill('zm 777');
    await expect(market.card('ZM-777-VIP')).toBeVisible();
    for (const text of await market.cards.allInnerTexts()) expect(text).toMatch(/ZM-777/);
    await market.sortBy.selectOption({ label: 'Price: High to Low' });
    await market.clickLuckyOnly();
    await expect(page).toHaveURL(/q=ZM\+777/);
    const shown = await market.shown().textContent();

    await page.reload();
    await market.waitForListings();
    await expect(market.search).toHaveValue('ZM 777');
    await expect(market.sortBy).toHaveValue('price-high');
    await expect(market.luckyOnly).toBeChecked();
    await expect(market.shown()).toHaveText(shown ?? '');
  });

  test('on a phone (360 × 740) the first plate is on the first screen, the filters behind a button', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const market = await MarketplacePage.open(page);
    await market.waitForListings();
    const first = market.cards.first();
    await expect(first).toBeInViewport({ ratio: 1 });
    const box = await first.boundingBox();
    test.info().annotations.push({ type: 'first card (360×740)', description: JSON.stringify(box) });
    await expect(market.filters).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(market.luckyOnly).toBeVisible();
    await context.close();
  });
});
