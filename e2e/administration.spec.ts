/**
 * The administrator's Inventory Management and Settings, as the administrator and the plate
 * maker see them: an allocation added, edited and deleted with the spec's dialogs, seen and
 * received in the shop's workspace and reconciled on the administrator's screen; the plate
 * price changed in Settings and shown on the Pricing page (on a server of its own, so the
 * journeys beside it keep the standard prices); every page and dialog checked with axe at
 * 360 px and 1280 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { openApp } from './app-page';
import { signedInPage } from './lifecycle-steps';
import { ownServer } from './own-server';
import { AXE_CHECKS_TIMEOUT, seriousViolations } from './axe';

/** Opens Inventory Management once the first sync has brought the allocations. */
async function openInventory(page: Page): Promise<void> {
  await page.goto('/dashboard/admin/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Management' })).toBeVisible();
  await expect(page.getByText(/Showing [1-9]\d* of \d+ allocations/)).toBeVisible({ timeout: 30_000 });
}

test('an allocation added, edited and deleted with the spec’s dialogs; the shop sees it, records what arrived, and the administrator sees the difference', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, 'admin');
  await openInventory(admin);
  const note = `E2E delivery ${Date.now()}`;

  // Add New Inventory Allocation: the form's messages first, then a real one.
  await admin.getByRole('button', { name: 'Add Allocation' }).click();
  const add = admin.getByRole('dialog', { name: 'Add New Inventory Allocation' });
  await add.getByRole('spinbutton', { name: /Allocated Quantity/ }).fill('-4');
  await add.getByRole('button', { name: 'Add Allocation' }).click();
  await expect(add.getByText('Please choose a plate type')).toBeVisible();
  await expect(add.getByText('Allocated quantity must be at least 1')).toBeVisible();
  await add.getByRole('combobox', { name: /Plate Maker/ }).selectOption({ label: 'Cairo Road Plates' });
  await add.getByRole('combobox', { name: /Plate Type/ }).selectOption('Diplomatic');
  await add.getByRole('spinbutton', { name: /Allocated Quantity/ }).fill('60');
  await add.getByRole('textbox', { name: 'Note' }).fill(note);
  await add.getByRole('button', { name: 'Add Allocation' }).click();
  await expect(add).toBeHidden();
  await admin.getByRole('searchbox', { name: 'Search inventory' }).fill(note);
  const row = admin.getByRole('row').filter({ hasText: 'Diplomatic' });
  await expect(row).toContainText('0 of 60');
  // The server numbers it; the next pull brings the number.
  await expect(row.getByText(/^#\d+$/)).toBeVisible({ timeout: 20_000 });
  const label = (await row.getByText(/^#\d+$/).textContent()) ?? '';

  // Edit Inventory Allocation → Update Allocation.
  await admin.getByRole('button', { name: `Edit allocation ${label}` }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit Inventory Allocation' });
  await edit.getByRole('spinbutton', { name: /Allocated Quantity/ }).fill('75');
  await edit.getByRole('button', { name: 'Update Allocation' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('0 of 75');
  await expect(row).toContainText('75 not yet received');

  // The shop sees it and records 70 received against it.
  const shop = await signedInPage(browser, 'agent');
  await shop.goto('/dashboard/agent/inventory');
  const allocated = shop.getByRole('region', { name: 'Allocated to Your Shop' });
  await expect(allocated.getByRole('row').filter({ hasText: label })).toContainText('Diplomatic', { timeout: 30_000 });
  const form = shop.getByRole('form', { name: 'Add Inventory Item' });
  await form.getByRole('combobox', { name: /Item Type/ }).selectOption('Plate Blanks');
  await form.getByRole('spinbutton', { name: /Quantity/ }).fill('70');
  await form.getByRole('textbox', { name: /Batch Number/ }).fill(`DIP-${Date.now() % 100000}`);
  await form.getByLabel(/Received Date/).fill(new Date().toISOString().slice(0, 10));
  const against = form.getByRole('combobox', { name: 'Received Against' });
  await against.selectOption(
    (await against.locator('option', { hasText: `${label} · Diplomatic` }).getAttribute('value')) ?? '',
  );
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(shop.getByText('Inventory data submitted successfully!')).toBeVisible();

  // The administrator sees the receipt and the five still to arrive (opening the page syncs); deleting it is refused with the reason.
  await admin.reload();
  await admin.getByRole('searchbox', { name: 'Search inventory' }).fill(note);
  await expect(row).toContainText('70 of 75', { timeout: 30_000 });
  await expect(row).toContainText('5 not yet received');
  await admin.getByRole('button', { name: `Delete allocation ${label}` }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this inventory allocation? This action cannot be undone.',
  );
  await expect(confirm).toContainText('Diplomatic');
  await expect(confirm).toContainText('75');
  await confirm.getByRole('button', { name: 'Delete Allocation' }).click();
  await expect(confirm.getByRole('alert')).toContainText('can no longer be deleted');
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // An allocation nothing was received against is deleted, and leaves the shop's list.
  await admin.getByRole('button', { name: 'Add Allocation' }).click();
  await add.getByRole('combobox', { name: /Plate Maker/ }).selectOption({ label: 'Cairo Road Plates' });
  await add.getByRole('combobox', { name: /Plate Type/ }).selectOption('Military');
  await add.getByRole('spinbutton', { name: /Allocated Quantity/ }).fill('12');
  await add.getByRole('textbox', { name: 'Note' }).fill(note);
  await add.getByRole('button', { name: 'Add Allocation' }).click();
  const military = admin.getByRole('row').filter({ hasText: 'Military' });
  await expect(military.getByText(/^#\d+$/)).toBeVisible({ timeout: 20_000 });
  const militaryLabel = (await military.getByText(/^#\d+$/).textContent()) ?? '';
  await shop.reload();
  await expect(allocated.getByRole('row').filter({ hasText: militaryLabel })).toBeVisible({ timeout: 30_000 });
  await admin.getByRole('button', { name: `Delete allocation ${militaryLabel}` }).click();
  await confirm.getByRole('button', { name: 'Delete Allocation' }).click();
  await expect(confirm).toBeHidden();
  await expect(military).toHaveCount(0);
  await shop.reload();
  await expect(allocated.getByRole('row').filter({ hasText: label })).toBeVisible({ timeout: 30_000 });
  await expect(allocated.getByRole('row').filter({ hasText: militaryLabel })).toHaveCount(0);
  await admin.context().close();
  await shop.context().close();
});

test('filters and the empty state: the spec’s search, plate type and status filters', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin', { viewport: { width: 360, height: 800 } });
  await openInventory(admin);
  await admin.getByRole('combobox', { name: 'Stock status' }).selectOption('Critical');
  await expect(admin.getByText(/Showing 1 of \d+ allocations/)).toBeVisible();
  await expect(admin.getByText('Personalized').filter({ visible: true }).first()).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search inventory' }).fill('no such allocation');
  await expect(admin.getByText('No inventory allocations found')).toBeVisible();
  await admin.context().close();
});

for (const viewport of [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
]) {
  test(`Inventory Management, its dialogs and Settings have no serious accessibility violations at ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(AXE_CHECKS_TIMEOUT);
    const admin = await signedInPage(browser, 'admin', { viewport });
    await openInventory(admin);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Add Allocation' }).click();
    const add = admin.getByRole('dialog', { name: 'Add New Inventory Allocation' });
    await add.getByRole('button', { name: 'Add Allocation' }).click();
    await expect(add.getByText('Please choose a plate type')).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'Delete allocation #1' }).click();
    await expect(admin.getByRole('alertdialog', { name: 'Confirm Deletion' })).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.keyboard.press('Escape');
    await admin.goto('/dashboard/admin/settings');
    await expect(admin.getByRole('heading', { name: 'Stock Thresholds' })).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    const shop = await signedInPage(browser, 'agent', { viewport });
    await shop.goto('/dashboard/agent/inventory');
    await expect(
      shop
        .getByRole('region', { name: 'Allocated to Your Shop' })
        .getByText('Government')
        .filter({ visible: true })
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(shop)).toEqual([]);
    await admin.context().close();
    await shop.context().close();
  });
}

test.describe('settings that every journey relies on', () => {
  // A server of its own: a changed price must not reach the journeys running beside this one.
  const server = ownServer(8);
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    await server.start();
  });
  test.afterAll(() => server.stop());

  test('the plate price changed in Settings is the one the Pricing page shows; a threshold change moves an allocation to Low Stock', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const admin = await signedInPage(browser, 'admin', { baseURL: server.baseURL });
    await admin.goto('/dashboard/admin/settings');
    const prices = admin.getByRole('form', { name: 'Prices and Fees' });
    await prices.getByRole('textbox', { name: /Plate price/ }).fill('450');
    await prices.getByRole('button', { name: 'Save Changes' }).click();
    await expect(admin.getByText('Prices and fees saved')).toBeVisible();

    const visitor = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
    await openApp(visitor, '/pricing');
    await expect(visitor.getByRole('region', { name: 'Standard License Plate' })).toContainText('450');

    // Low stock at 150 plates: the Government allocation (120 left) becomes Low Stock.
    const thresholds = admin.getByRole('form', { name: 'Stock Thresholds' });
    await thresholds.getByRole('textbox', { name: /Critical at/ }).fill('200');
    await thresholds.getByRole('button', { name: 'Save Thresholds' }).click();
    await expect(thresholds.getByText('The critical threshold must be below the low stock threshold')).toBeVisible();
    await thresholds.getByRole('textbox', { name: /Critical at/ }).fill('10');
    await thresholds.getByRole('textbox', { name: /Low stock at/ }).fill('150');
    await thresholds.getByRole('button', { name: 'Save Thresholds' }).click();
    await expect(admin.getByText('Stock thresholds saved')).toBeVisible();
    await expect(admin.getByRole('table', { name: 'History of changes', exact: true })).toContainText(
      'Low stock at: 50 → 150 plates',
    );
    await openInventory(admin);
    await expect(admin.getByRole('row').filter({ hasText: 'Government' })).toContainText('Low Stock');
    await admin.context().close();
    await visitor.context().close();
  });
});
