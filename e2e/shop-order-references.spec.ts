/**
 * The plate shop names each order by the buyer's references as well as its own number: an
 * approved application's order reads LP-… / REQ-… in the order book, the order's details and
 * the whitebook's choice of orders, so the shop, the buyer and a support desk match it.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './app-page';
import { AgentPage } from './agent-page';
import { numberForShop } from './lifecycle-steps';

test('the shop sees the buyer’s LP- reference and the Request ID on the order it was given', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // An order of its own, so no other test's order is read or changed.
  const { plate, reference } = await numberForShop(playwright.request, baseURL);
  const references = new RegExp(`${reference} / REQ-\\d{3,}`);
  await signInAs(page, 'agent');
  const shop = await AgentPage.open(page, '/dashboard/agent/dashboard');
  const row = shop.row(plate);
  await expect(row).toContainText(references, { timeout: 20_000 });

  const dialog = await shop.openOrder(row);
  await expect(shop.orderDetail(dialog, 'Buyer’s Reference')).toHaveText(references);
  await expect(shop.orderDetail(dialog, 'Plate Number')).toHaveText(plate);
  await page.keyboard.press('Escape');

  const whitebook = await AgentPage.open(page, '/dashboard/agent/whitebook');
  await expect(whitebook.orderOption(plate)).toContainText(references, { timeout: 20_000 });
  await whitebook.orderChoice.selectOption({ label: (await whitebook.orderOption(plate).textContent()) ?? '' });
  await expect(page.getByText(new RegExp(`^ORD-\\d+ for ${reference} / REQ-\\d{3,} · `))).toBeVisible();

  // On a phone the order book's rows are cards: the references are on the order's card too.
  await page.setViewportSize({ width: 360, height: 800 });
  const phone = await AgentPage.open(page, '/dashboard/agent/dashboard');
  await expect(phone.card(plate)).toContainText(references, { timeout: 20_000 });
});
