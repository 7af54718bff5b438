/**
 * The card provider's own page (the sandbox's hosted checkout, /sandbox/pay/:token), as a
 * payer uses it: Nambala sends the payer there to enter the card, and the page sends them
 * back to the payment's receipt.
 */
import { expect, type Page } from '@playwright/test';

/** Waits for the card provider's page, pays there with `number` (any future expiry, any CVC), and waits to be back. */
export async function payOnCardPage(page: Page, number: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/pay\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { name: 'Sandbox card payment' })).toBeVisible();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/49');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/payments\/[^/]+$/);
}
