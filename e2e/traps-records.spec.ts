/**
 * Applications carry real data and the shop's records are checked: the wizard refuses an NRC,
 * phone number and name that cannot be real, and fills a signed-in buyer's own details; the
 * plate maker's whitebook sale against an order that does not exist is refused with the
 * reason; recording a plate's manufacturing twice leaves one record with the latest status.
 */
import { expect, type Page, test } from '@playwright/test';
import { entitlementNotFound } from '../src/domain/agent/workspace';
import { DEMO, openApp, signInAs } from './app-page';
import { deliveryForShop, numberForShop } from './lifecycle-steps';

/** A plate number no earlier run has used: ZM-ddd-Q plus two random letters (the demo registry never uses Q). */
function freshPlate(): string {
  const letters = `Q${Array.from({ length: 2 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
  return `ZM-${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}-${letters}`;
}

async function recordManufacturing(
  page: Page,
  plate: string,
  status: string,
  batch: string,
  blanks: readonly string[],
): Promise<void> {
  const form = page.getByRole('form', { name: /Upload Plate Manufacturing Details/ });
  await form.getByRole('textbox', { name: /Plate Number/ }).fill(plate);
  await form.getByRole('combobox', { name: /Status/ }).selectOption(status);
  await form.getByRole('textbox', { name: /Batch Number/ }).fill(batch);
  await form.getByRole('textbox', { name: /Front blank serial/ }).fill(blanks[0] ?? '');
  await form.getByRole('textbox', { name: /Rear blank serial/ }).fill(blanks[1] ?? '');
  await form.getByLabel(/Production Date/).fill(new Date().toISOString().slice(0, 10));
  await form.getByRole('button', { name: 'Submit Details' }).click();
  await expect(page.getByText('Manufacturing details submitted successfully!').last()).toBeVisible({ timeout: 20_000 });
}

test.describe('applications carry real data', () => {
  test('the wizard refuses NRC "abc", phone "12" and name "X", each with what will do', async ({ page }) => {
    await openApp(page, '/buy-process');
    await page.getByLabel(/^Full Name/).fill('X');
    await page.getByLabel(/^NRC Number/).fill('abc');
    await page.getByLabel(/^Phone Number/).fill('12');
    await page.getByLabel(/^Email/).fill('chanda@example.zm');
    await page.getByLabel(/^Address/).fill('Plot 12, Cairo Road, Lusaka');
    await page.getByLabel(/^Vehicle Make/).fill('Toyota');
    await page.getByLabel(/^Vehicle Model/).fill('Corolla');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    const form = page.getByRole('form');
    await expect(form.getByText('Full name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('NRC number must look like 123456/78/9')).toBeVisible();
    await expect(form.getByText('Enter a Zambian phone number like +260 97 123 4567')).toBeVisible();
    await expect(
      form.getByText('Enter the vehicle’s registration number, or tick “Registration not yet known”'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Personal Info' })).toBeVisible();
    // Focus goes to the first field to fix.
    await expect(page.getByLabel(/^Full Name/)).toBeFocused();

    await page.getByLabel(/^Full Name/).fill('Chanda Mulenga');
    await page.getByLabel(/^NRC Number/).fill('123456/78/9');
    await page.getByLabel(/^Phone Number/).fill('097 1234567');
    await page.getByText('Registration not yet known', { exact: true }).click();
    await expect(page.getByLabel(/^Registration Number/)).toBeDisabled();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  });

  test('a signed-in buyer finds their name and email already filled in', async ({ page }) => {
    await openApp(page, '/auth?redirect=%2Fbuy-process');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel(/^Email/).fill(DEMO.buyer.email);
    await login.getByLabel(/^Password/).fill(DEMO.buyer.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/buy-process$/);
    await expect(page.getByLabel(/^Full Name/)).toHaveValue('Mwila Banda');
    await expect(page.getByLabel(/^Email/)).toHaveValue(DEMO.buyer.email);
    // What the buyer has not been asked before stays theirs to give.
    await expect(page.getByLabel(/^NRC Number/)).toHaveValue('');
  });
});

test.describe('the shop’s records are checked', () => {
  test('a whitebook sale checked against ORD-999, an order that does not exist, is refused with the reason', async ({
    page,
  }) => {
    await signInAs(page, 'agent');
    await openApp(page, '/dashboard/agent/whitebook');
    await expect(page.getByRole('heading', { level: 1, name: 'Whitebook Entry' })).toBeVisible();
    const form = page.getByRole('form', { name: /Plate Sale and Vehicle/ });
    // The sale date starts as today.
    await expect(form.getByLabel(/Sale Date/)).not.toHaveValue('');
    await form.getByRole('textbox', { name: /Plate Number/ }).fill(freshPlate());
    await form.getByRole('textbox', { name: /Vehicle Make/ }).fill('Toyota');
    await form.getByRole('textbox', { name: /Vehicle Model/ }).fill('Hilux');
    await form.getByRole('textbox', { name: /Vehicle Colour/ }).fill('White');
    await form.getByRole('textbox', { name: /Vehicle Year/ }).fill('2021');
    await form.getByRole('textbox', { name: /Chassis Number/ }).fill('AHTFR22G807712345');
    await form.getByRole('textbox', { name: /Owner Name/ }).fill('Mwila Banda');
    await form.getByRole('textbox', { name: /Owner NRC Number/ }).fill('123456/78/9');
    await form.getByRole('textbox', { name: /Registration Number/ }).fill('BAK 2026');
    await form.getByRole('textbox', { name: /Entitlement Document Reference/ }).fill('ORD-999');
    await form.getByRole('button', { name: 'Submit Entry' }).click();
    await expect(form.getByText(entitlementNotFound('ORD-999')).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Whitebook entry submitted successfully!')).toHaveCount(0);
  });

  test('recording manufacturing twice for a plate shows one row, with the latest status', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // A number the shop was given (a shop makes only those).
    const { plate } = await numberForShop(playwright.request, baseURL);
    const blanks = await deliveryForShop(playwright.request, baseURL, 1);
    await signInAs(page, 'agent');
    await openApp(page, '/dashboard/agent/manufacturing');
    await expect(page.getByRole('heading', { level: 1, name: 'Manufacturing Details' })).toBeVisible();
    // The tablet checks the number against the shop's orders: they are all here once it has synced.
    await expect(page.getByTestId('connection-status')).toHaveAttribute('aria-label', /all changes synced/, {
      timeout: 20_000,
    });
    const run = Math.random().toString(36).slice(2, 7).toUpperCase();
    await recordManufacturing(page, plate, 'In Production', `B-${run}`, blanks);

    // The form says the plate is already recorded before the second submit.
    const form = page.getByRole('form', { name: /Upload Plate Manufacturing Details/ });
    await form.getByRole('textbox', { name: /Plate Number/ }).fill(plate);
    await expect(form.getByText(/Already recorded \(In Production/)).toBeVisible();
    // Its blanks come from its record.
    await expect(form.getByRole('textbox', { name: /Front blank serial/ })).toHaveValue(blanks[0] ?? '');
    await recordManufacturing(page, plate, 'Ready for Collection', `B-${run}`, blanks);

    const rows = page.getByRole('row').filter({ hasText: plate });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Ready for Collection');
    // Still one after the server's answer has come back to this device.
    await expect(page.getByTestId('connection-status')).toHaveAttribute('aria-label', /all changes synced/, {
      timeout: 20_000,
    });
    await page.reload();
    // A cold dashboard on a busy two-core runner has been ready 15 s after navigation.
    await expect(page.getByRole('row').filter({ hasText: plate })).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByRole('row').filter({ hasText: plate })).toContainText('Ready for Collection');
  });

  test('the shop moves an order on from the order itself: ready for collection', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // An order of its own: another test may already have moved on the first pending one.
    const { plate } = await numberForShop(playwright.request, baseURL);
    const [frontSerial = '', rearSerial = ''] = await deliveryForShop(playwright.request, baseURL, 1);
    await signInAs(page, 'agent');
    await openApp(page, '/dashboard/agent/dashboard');
    const pending = page.getByRole('row').filter({ hasText: plate });
    await expect(pending).toContainText('Pending', { timeout: 20_000 });
    const orderButton = pending.getByRole('button', { name: /^View order / });
    const orderId = ((await orderButton.getAttribute('aria-label')) ?? '').replace('View order ', '');
    await orderButton.click();
    const dialog = page.getByRole('dialog', { name: `Order ${orderId}` });
    await expect(dialog.getByRole('heading', { name: 'Move this order on' })).toBeVisible();
    const batch = dialog.getByRole('textbox', { name: /Batch Number/ });
    // A plate without a manufacturing record starts one with its batch number and its blanks' serials.
    if (await batch.isVisible()) {
      await batch.fill(`B-${Math.random().toString(36).slice(2, 7).toUpperCase()}`);
      await dialog.getByRole('textbox', { name: /Front blank serial/ }).fill(frontSerial);
      await dialog.getByRole('textbox', { name: /Rear blank serial/ }).fill(rearSerial);
    }
    await dialog.getByRole('button', { name: 'Mark Ready for Collection' }).click();
    await expect(page.getByText(/: Ready for Collection$/).first()).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText('Manufacturing status:')).toContainText('Ready for Collection');
    await expect(dialog.getByRole('button', { name: 'Mark Ready for Collection' })).toBeDisabled();
  });
});
