/**
 * The card provider's own page (the sandbox's hosted checkout, /sandbox/pay/:token), as a
 * payer uses it: Nambala sends the payer there to enter the card, and the page sends them
 * back to the payment's receipt.
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

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

/** The receipt the payer comes back to: an article named by its PAY- reference. */
export function receiptOf(page: Page): Locator {
  return page.getByRole('article', { name: /^(Receipt|Payment) PAY-\d{6}$/ });
}

/**
 * One of the Next Steps the receipt of an application's payment gives, as the wizard's confirmation
 * gave them. The chosen shop or delivery comes with the buyer's order, which the first sync after
 * coming back brings: waited for as long as a first sync may take.
 */
export function nextStepOnReceipt(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: 'Next Steps' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${title}:`) });
}

/** The LP- reference of the application a receipt paid for, read from its "Paid for" line. */
export async function applicationReferenceOn(receipt: Locator): Promise<string> {
  await expect(receipt).toContainText(/Application LP-\d+/);
  const reference = /LP-\d+/.exec((await receipt.textContent()) ?? '')?.[0];
  if (!reference) throw new Error('the receipt names no application');
  return reference;
}

/**
 * The same page used by a journey that works through the API (a setup step): the page's
 * form posted with `number`, then the payment read back, which asks the provider how it went.
 */
export async function payOnCardPageByRequest(
  api: APIRequestContext,
  checkoutUrl: string,
  number: string,
): Promise<{ status: string }> {
  const answer = await api.post(checkoutUrl, {
    form: { action: 'pay', number, expiry: '12/49', cvc: '123' },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  const id = answer.headers().location?.split('/').pop() ?? '';
  const read = await api.get(`/api/payments/${id}`);
  return ((await read.json()) as { payment: { status: string } }).payment;
}
