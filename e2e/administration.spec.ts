/**
 * The administrator's Inventory Management and Settings, as the administrator and the plate
 * maker see them: an allocation added, edited and deleted with the spec's dialogs, seen and
 * received in the shop's workspace and reconciled on the administrator's screen; the plate
 * price changed in Settings and shown on the Pricing page (on a server of its own, so the
 * journeys beside it keep the standard prices); every page and dialog checked with axe at
 * 360 px and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { AdminSettingsPage } from './admin-settings-page';
import { AgentPage } from './agent-page';
import { SitePage } from './home-page';
import { InventoryPage } from './inventory-page';
import { signedInPage } from './lifecycle-steps';
import { ownServer } from './own-server';
import { AXE_CHECKS_TIMEOUT, seriousViolations } from './axe';

test('an allocation added, edited and deleted with the spec’s dialogs; the shop sees it, records what arrived, and the administrator sees the difference', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, 'admin');
  const inventory = await InventoryPage.openWithAllocations(admin);
  const note = `E2E delivery ${Date.now()}`;

  // Add New Inventory Allocation: the form's messages first, then a real one.
  await inventory.addButton.click();
  const add = inventory.addDialog;
  await inventory.fill(add, { quantity: '-4' });
  await inventory.submitAdd.click();
  await expect(add.getByText('Please choose a plate type')).toBeVisible();
  await expect(add.getByText('Allocated quantity must be at least 1')).toBeVisible();
  await inventory.fill(add, { maker: 'Cairo Road Plates', type: 'Diplomatic', quantity: '60', note });
  await inventory.submitAdd.click();
  await expect(add).toBeHidden();
  await inventory.search(note);
  const row = inventory.row('Diplomatic');
  await expect(row).toContainText('0 of 60');
  // The server numbers it; the next pull brings the number.
  await expect(inventory.allocationNumber(row)).toBeVisible({ timeout: 20_000 });
  const label = (await inventory.allocationNumber(row).textContent()) ?? '';

  // Edit Inventory Allocation → Update Allocation.
  await inventory.rowButton('Edit', label).click();
  const edit = inventory.editDialog;
  await inventory.fill(edit, { quantity: '75' });
  await inventory.submitEdit.click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('0 of 75');
  await expect(row).toContainText('75 not yet received');

  // The shop sees it and records 70 received against it.
  const shop = await signedInPage(browser, 'agent');
  await shop.goto('/dashboard/agent/inventory');
  const workspace = new AgentPage(shop);
  await expect(workspace.allocatedRow(label)).toContainText('Diplomatic', { timeout: 30_000 });
  await workspace.addInventory({
    type: 'Plate Blanks',
    quantity: '70',
    batch: `DIP-${Date.now() % 100000}`,
    receivedDate: new Date().toISOString().slice(0, 10),
    against: `${label} · Diplomatic`,
  });
  await expect(shop.getByText('Inventory data submitted successfully!')).toBeVisible();

  // The administrator sees the receipt and the five still to arrive (opening the page syncs); deleting it is refused with the reason.
  await admin.reload();
  await inventory.search(note);
  await expect(row).toContainText('70 of 75', { timeout: 30_000 });
  await expect(row).toContainText('5 not yet received');
  await inventory.rowButton('Delete', label).click();
  const confirm = inventory.confirmDeletion;
  await expect(confirm).toContainText(
    'Are you sure you want to delete this inventory allocation? This action cannot be undone.',
  );
  await expect(confirm).toContainText('Diplomatic');
  await expect(confirm).toContainText('75');
  await confirm.getByRole('button', { name: 'Delete Allocation' }).click();
  await expect(confirm.getByRole('alert')).toContainText('can no longer be deleted');
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // An allocation nothing was received against is deleted, and leaves the shop's list.
  await inventory.addButton.click();
  await inventory.fill(add, { maker: 'Cairo Road Plates', type: 'Military', quantity: '12', note });
  await inventory.submitAdd.click();
  const military = inventory.row('Military');
  await expect(inventory.allocationNumber(military)).toBeVisible({ timeout: 20_000 });
  const militaryLabel = (await inventory.allocationNumber(military).textContent()) ?? '';
  await shop.reload();
  await expect(workspace.allocatedRow(militaryLabel)).toBeVisible({ timeout: 30_000 });
  await inventory.rowButton('Delete', militaryLabel).click();
  await confirm.getByRole('button', { name: 'Delete Allocation' }).click();
  await expect(confirm).toBeHidden();
  await expect(military).toHaveCount(0);
  await shop.reload();
  await expect(workspace.allocatedRow(label)).toBeVisible({ timeout: 30_000 });
  await expect(workspace.allocatedRow(militaryLabel)).toHaveCount(0);
  await admin.context().close();
  await shop.context().close();
});

test('filters and the empty state: the spec’s search, plate type and status filters', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin', { viewport: { width: 360, height: 800 } });
  const inventory = await InventoryPage.openWithAllocations(admin);
  await inventory.stockStatus.selectOption('Critical');
  await expect(inventory.shown(/Showing 1 of \d+ allocations/)).toBeVisible();
  await expect(admin.getByText('Personalized').filter({ visible: true }).first()).toBeVisible();
  await inventory.search('no such allocation');
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
    const inventory = await InventoryPage.openWithAllocations(admin);
    expect(await seriousViolations(admin)).toEqual([]);
    await inventory.addButton.click();
    const add = inventory.addDialog;
    await inventory.submitAdd.click();
    await expect(add.getByText('Please choose a plate type')).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.keyboard.press('Escape');
    await inventory.rowButton('Delete', '#1').click();
    await expect(inventory.confirmDeletion).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.keyboard.press('Escape');
    await admin.goto('/dashboard/admin/settings');
    await expect(new AdminSettingsPage(admin).thresholdsHeading).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    const shop = await signedInPage(browser, 'agent', { viewport });
    await shop.goto('/dashboard/agent/inventory');
    await expect(
      new AgentPage(shop).allocatedToShop.getByText('Government').filter({ visible: true }).first(),
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
    const settings = new AdminSettingsPage(admin);
    await settings.platePrice.fill('450');
    await settings.savePrices.click();
    await expect(admin.getByText('Prices and fees saved')).toBeVisible();

    const visitor = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
    const pricing = await SitePage.open(visitor, '/pricing');
    await expect(pricing.region('Standard License Plate')).toContainText('450');

    // Low stock at 150 plates: the Government allocation (120 left) becomes Low Stock.
    const thresholds = settings.thresholdsForm;
    await settings.criticalAt.fill('200');
    await settings.saveThresholds.click();
    await expect(thresholds.getByText('The critical threshold must be below the low stock threshold')).toBeVisible();
    await settings.criticalAt.fill('10');
    await settings.lowStockAt.fill('150');
    await settings.saveThresholds.click();
    await expect(admin.getByText('Stock thresholds saved')).toBeVisible();
    await expect(settings.history).toContainText('Low stock at: 50 → 150 plates');
    const inventory = await InventoryPage.openWithAllocations(admin);
    await expect(inventory.row('Government')).toContainText('Low Stock');
    await admin.context().close();
    await visitor.context().close();
  });
});
