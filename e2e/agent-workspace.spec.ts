import { expect, test } from '@playwright/test';
import { expectSynced, signInAs } from './app-page';
import { AgentPage, CompliancePage } from './agent-page';
import { deliveryForShop, numberForShop } from './lifecycle-steps';
import { withServiceWorker } from './service-worker';

const SAVED = "Saved on this device — it will be sent when you're back online.";

/** A sale of a number the shop was given, against its entitlement, to the NRC the entitlement names. */
async function recordSale(
  shop: AgentPage,
  { plate, reference, nrc = '123456/78/9' }: { plate: string; reference: string; nrc?: string },
  owner: string,
) {
  await shop.submitSale({
    plate,
    saleDate: '2026-11-02',
    make: 'Toyota',
    model: 'Hilux',
    colour: 'White',
    year: '2021',
    chassis: 'AHTFR22G807712345',
    owner,
    nrc,
    registration: 'BAK 2026',
    reference,
  });
  // Online, a form waits up to 8 s for its change's push before it says so (a busy runner adds to that).
  // The form is cleared for the next record once this one is saved: a toast of the sale before may still show.
  await expect(shop.saleField('plate')).toHaveValue('', { timeout: 20_000 });
  await expect(shop.page.getByText('Whitebook entry submitted successfully!').last()).toBeVisible();
}

withServiceWorker(() => {
  test('an agent works offline — sales, manufacturing, stock survive a reload — and the administrator sees them after sync', async ({
    page,
    context,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // Three numbers given to the shop (approved applications): each is sold once.
    // Blanks of this journey's own, delivered before the orders: once the orders are on the tablet, so is the delivery.
    const [frontSerial = '', rearSerial = ''] = await deliveryForShop(playwright.request, baseURL, 1);
    const given = [
      await numberForShop(playwright.request, baseURL),
      await numberForShop(playwright.request, baseURL),
      await numberForShop(playwright.request, baseURL),
    ];
    await page.goto('/');
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
      .toBe('activated');
    await signInAs(page, 'agent');
    await page.goto('/dashboard/agent/whitebook');
    const shop = new AgentPage(page);
    await expect(shop.heading('Whitebook Entry')).toBeVisible();
    await expect(shop.connectionStatus).toContainText('Online');

    // The shop's orders for them reach the tablet before it goes offline.
    await expect(shop.orderOption(given[2]?.plate ?? '')).toHaveCount(1, { timeout: 20_000 });
    await context.setOffline(true);
    const plates = given.map((number) => number.plate);
    // Batch numbers of this run only (the server keeps earlier runs' records).
    const run = Math.random().toString(36).slice(2, 7).toUpperCase();
    const batch = `B-${run}`;
    const blanks = `BLK-${run}`;
    for (const [index, number] of given.entries()) await recordSale(shop, number, `Offline Owner ${index + 1}`);
    await expect(page.getByText(SAVED).first()).toBeVisible();

    await shop.sidebarLink('Manufacturing').click();
    await shop.submitManufacturing({
      plate: plates[0] ?? '',
      status: 'Printed',
      batch,
      productionDate: '2026-11-03',
      frontBlank: frontSerial,
      rearBlank: rearSerial,
    });
    await expect(page.getByText('Manufacturing details submitted successfully!').last()).toBeVisible();

    await shop.sidebarLink('Inventory').click();
    await shop.addInventory({ type: 'Plate Blanks', quantity: '75', batch: blanks, receivedDate: '2026-11-04' });
    await expect(page.getByText('Inventory data submitted successfully!').last()).toBeVisible();
    await expect(shop.connectionStatus).toHaveAttribute('aria-label', /Offline, 5 changes saved on this device/);

    // A reload while still offline loses nothing.
    await page.reload();
    await expect(shop.heading('Inventory Tracking')).toBeVisible();
    await expect(shop.row(blanks)).toContainText('Saved on this device');
    await shop.sidebarLink('Whitebook Entry').click();
    for (const plate of plates) await expect(shop.row(plate)).toContainText('Saved on this device');

    await context.setOffline(false);
    await expect(shop.connectionStatus).toHaveAttribute('aria-label', /all changes synced/, { timeout: 20_000 });
    for (const plate of plates) await expectSynced(shop.row(plate));

    // The administrator's device pulls them.
    const admin = await (await browser.newContext()).newPage();
    await signInAs(admin, 'admin');
    await admin.goto('/dashboard/admin/compliance');
    const compliance = new CompliancePage(admin);
    for (const plate of plates)
      await expect(compliance.row('Whitebook Sales', plate)).toContainText('Cairo Road Plates');
    await expect(compliance.row('Manufacturing', batch)).toContainText('Printed');
    await expect(compliance.row('Blank Stock', blanks)).toContainText('75');
    await admin.context().close();
  });
});

withServiceWorker(() => {
  test('a sale the server refuses shows in Needs attention, is corrected and resubmitted, and syncs', async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const corrected = await numberForShop(playwright.request, baseURL);
    await signInAs(page, 'agent');
    await page.goto('/dashboard/agent/whitebook');
    const shop = new AgentPage(page);
    await expect(shop.heading('Whitebook Entry')).toBeVisible();
    await expect(shop.row('ZM-777-LCK')).toBeVisible();

    // Offline, the agent records a plate number that another sale already used (against its own order and NRC, so the tablet lets it through).
    await context.setOffline(true);
    await recordSale(shop, { plate: 'ZM-777-LCK', reference: 'ORD-005', nrc: '567890/12/3' }, 'Cloned Plate Buyer');
    await context.setOffline(false);
    const attention = shop.needsAttentionButton('1 needs attention');
    await expect(attention).toBeVisible({ timeout: 20_000 });
    await attention.click();
    const panel = shop.needsAttention;
    await expect(panel.getByText(/Plate ZM-777-LCK is already in a whitebook/).first()).toBeVisible();
    await panel.getByRole('button', { name: 'Edit and resubmit' }).click();

    await expect(page).toHaveURL(/\/dashboard\/agent\/whitebook\?fix=/);
    await expect(shop.saleField('owner')).toHaveValue('Cloned Plate Buyer');
    await shop.submitSale({ plate: corrected.plate, nrc: '123456/78/9', reference: corrected.reference });
    // Online, a form waits up to 8 s for its change's push before it says so (a busy runner adds to that).
    await expect(page.getByText('Whitebook entry submitted successfully!').last()).toBeVisible({ timeout: 20_000 });
    await expectSynced(shop.row(corrected.plate));
    await expect(shop.needsAttentionButton(/needs? attention/)).toHaveCount(0);
  });
});

test('a sale being sent holds its fields until the server answers, then the form is empty for the next one', async ({
  page,
  playwright,
  baseURL,
}) => {
  const given = await numberForShop(playwright.request, baseURL);
  await signInAs(page, 'agent');
  await page.goto('/dashboard/agent/whitebook');
  const shop = new AgentPage(page);
  await expect(shop.orderOption(given.plate)).toHaveCount(1, { timeout: 20_000 });

  // The server is slow to answer the sale's push.
  let answer = () => {};
  const slow = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/sync/push', async (route) => {
    await slow;
    await route.continue();
  });
  await shop.submitSale({
    plate: given.plate,
    saleDate: '2026-11-02',
    make: 'Toyota',
    model: 'Hilux',
    colour: 'White',
    year: '2021',
    chassis: 'AHTFR22G807712399',
    owner: 'Slow Line Owner',
    nrc: '123456/78/9',
    registration: 'BAK 2027',
    reference: given.reference,
  });
  // What was sent stays as sent: nothing can be typed into a form that is about to be cleared.
  await expect(shop.whitebookForm).toHaveAttribute('aria-busy', 'true');
  await expect(shop.saleField('owner')).toBeDisabled();
  await expect(shop.saleField('owner')).toHaveValue('Slow Line Owner');

  answer();
  await expect(page.getByText('Whitebook entry submitted successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(shop.whitebookForm).toHaveAttribute('aria-busy', 'false');
  await expect(shop.saleField('owner')).toBeEnabled();
  await expect(shop.saleField('owner')).toHaveValue('');
  // The focus is where it was when the sale was sent, for the next record.
  await expect(shop.whitebookForm.getByRole('button', { name: 'Submit Entry' })).toBeFocused();
  await expectSynced(shop.row(given.plate));
});
