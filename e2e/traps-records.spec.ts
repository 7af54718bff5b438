/**
 * Applications carry real data and the shop's records are checked: the wizard refuses an NRC,
 * phone number and name that cannot be real, and fills a signed-in buyer's own details; the
 * plate maker's whitebook sale against an order that does not exist is refused with the
 * reason; recording a plate's manufacturing twice leaves one record with the latest status.
 */
import { expect, test } from '@playwright/test';
import { entitlementNotFound } from '../src/domain/agent/workspace';
import { DEMO, openApp, signInAs } from './app-page';
import { AgentPage } from './agent-page';
import { AuthPage } from './auth-page';
import { BuyProcessPage } from './buy-process-page';
import { deliveryForShop, numberForShop } from './lifecycle-steps';

/** A plate number no earlier run has used: ZM-ddd-Q plus two random letters (the demo registry never uses Q). */
function freshPlate(): string {
  const letters = `Q${Array.from({ length: 2 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
  return `ZM-${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}-${letters}`;
}

async function recordManufacturing(
  shop: AgentPage,
  plate: string,
  status: string,
  batch: string,
  blanks: readonly string[],
): Promise<void> {
  await shop.submitManufacturing({
    plate,
    status,
    batch,
    frontBlank: blanks[0] ?? '',
    rearBlank: blanks[1] ?? '',
    productionDate: new Date().toISOString().slice(0, 10),
  });
  await expect(shop.page.getByText('Manufacturing details submitted successfully!').last()).toBeVisible({
    timeout: 20_000,
  });
}

test.describe('applications carry real data', () => {
  test('the wizard refuses NRC "abc", phone "12" and name "X", each with what will do', async ({ page }) => {
    const wizard = await BuyProcessPage.open(page);
    await wizard.fill({
      fullName: 'X',
      nrcNumber: 'abc',
      phoneNumber: '12',
      email: 'chanda@example.zm',
      address: 'Plot 12, Cairo Road, Lusaka',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
    });
    await wizard.next.click();

    const form = wizard.form;
    await expect(form.getByText('Full name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('NRC number must look like 123456/78/9')).toBeVisible();
    await expect(form.getByText('Enter a Zambian phone number like +260 97 123 4567')).toBeVisible();
    await expect(
      form.getByText('Enter the vehicle’s registration number, or tick “Registration not yet known”'),
    ).toBeVisible();
    await expect(wizard.stepHeading('Personal Info')).toBeVisible();
    // Focus goes to the first field to fix.
    await expect(wizard.field('fullName')).toBeFocused();

    await wizard.fill({ fullName: 'Chanda Mulenga', nrcNumber: '123456/78/9', phoneNumber: '097 1234567' });
    await wizard.tickRegistrationNotYetKnown();
    await expect(wizard.field('vehicleRegistration')).toBeDisabled();
    await wizard.next.click();
    await expect(wizard.stepHeading('Payment')).toBeVisible();
  });

  test('a signed-in buyer finds their name and email already filled in', async ({ page }) => {
    await openApp(page, '/auth?redirect=%2Fbuy-process');
    await new AuthPage(page).logIn(DEMO.buyer.email, DEMO.buyer.password);
    await expect(page).toHaveURL(/\/buy-process$/);
    const wizard = new BuyProcessPage(page);
    await expect(wizard.field('fullName')).toHaveValue('Mwila Banda');
    await expect(wizard.field('email')).toHaveValue(DEMO.buyer.email);
    // What the buyer has not been asked before stays theirs to give.
    await expect(wizard.field('nrcNumber')).toHaveValue('');
  });
});

test.describe('the shop’s records are checked', () => {
  test('a whitebook sale checked against ORD-999, an order that does not exist, is refused with the reason', async ({
    page,
  }) => {
    await signInAs(page, 'agent');
    const shop = await AgentPage.open(page, '/dashboard/agent/whitebook');
    await expect(shop.heading('Whitebook Entry')).toBeVisible();
    const form = shop.whitebookForm;
    // The sale date starts as today.
    await expect(shop.saleField('saleDate')).not.toHaveValue('');
    await shop.submitSale({
      plate: freshPlate(),
      make: 'Toyota',
      model: 'Hilux',
      colour: 'White',
      year: '2021',
      chassis: 'AHTFR22G807712345',
      owner: 'Mwila Banda',
      nrc: '123456/78/9',
      registration: 'BAK 2026',
      reference: 'ORD-999',
    });
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
    const shop = await AgentPage.open(page, '/dashboard/agent/manufacturing');
    await expect(shop.heading('Manufacturing Details')).toBeVisible();
    // The tablet checks the number against the shop's orders: they are all here once it has synced.
    await expect(shop.connectionStatus).toHaveAttribute('aria-label', /all changes synced/, { timeout: 20_000 });
    const run = Math.random().toString(36).slice(2, 7).toUpperCase();
    await recordManufacturing(shop, plate, 'In Production', `B-${run}`, blanks);

    // The form says the plate is already recorded before the second submit.
    await shop.manufacturingField('plate').fill(plate);
    await expect(shop.manufacturingForm.getByText(/Already recorded \(In Production/)).toBeVisible();
    // Its blanks come from its record.
    await expect(shop.manufacturingField('frontBlank')).toHaveValue(blanks[0] ?? '');
    await recordManufacturing(shop, plate, 'Ready for Collection', `B-${run}`, blanks);

    const rows = shop.row(plate);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Ready for Collection');
    // Still one after the server's answer has come back to this device.
    await expect(shop.connectionStatus).toHaveAttribute('aria-label', /all changes synced/, { timeout: 20_000 });
    await page.reload();
    // A cold dashboard on a busy two-core runner has been ready 15 s after navigation.
    await expect(shop.row(plate)).toHaveCount(1, { timeout: 20_000 });
    await expect(shop.row(plate)).toContainText('Ready for Collection');
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
    const shop = await AgentPage.open(page, '/dashboard/agent/dashboard');
    const pending = shop.row(plate);
    await expect(pending).toContainText('Pending', { timeout: 20_000 });
    const dialog = await shop.openOrder(pending);
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
