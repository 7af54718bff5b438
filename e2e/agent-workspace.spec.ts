import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './app-page';
import { deliveryForShop, numberForShop } from './lifecycle-steps';

const SAVED = "Saved on this device — it will be sent when you're back online.";

/** A sale of a number the shop was given, against its entitlement, to the NRC the entitlement names. */
async function recordSale(
  page: Page,
  { plate, reference, nrc = '123456/78/9' }: { plate: string; reference: string; nrc?: string },
  owner: string,
) {
  const form = page.getByRole('form', { name: /Plate Sale and Vehicle/ });
  await form.getByRole('textbox', { name: /Plate Number/ }).fill(plate);
  await form.getByLabel(/Sale Date/).fill('2026-11-02');
  await form.getByRole('textbox', { name: /Vehicle Make/ }).fill('Toyota');
  await form.getByRole('textbox', { name: /Vehicle Model/ }).fill('Hilux');
  await form.getByRole('textbox', { name: /Vehicle Colour/ }).fill('White');
  await form.getByRole('textbox', { name: /Vehicle Year/ }).fill('2021');
  await form.getByRole('textbox', { name: /Chassis Number/ }).fill('AHTFR22G807712345');
  await form.getByRole('textbox', { name: /Owner Name/ }).fill(owner);
  await form.getByRole('textbox', { name: /Owner NRC Number/ }).fill(nrc);
  await form.getByRole('textbox', { name: /Registration Number/ }).fill('BAK 2026');
  await form.getByRole('textbox', { name: /Entitlement Document Reference/ }).fill(reference);
  await form.getByRole('button', { name: 'Submit Entry' }).click();
  // Online, a form waits up to 8 s for its change's push before it says so (a busy runner adds to that).
  await expect(page.getByText('Whitebook entry submitted successfully!').last()).toBeVisible({ timeout: 20_000 });
}

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
  await expect(page.getByRole('heading', { level: 1, name: 'Whitebook Entry' })).toBeVisible();
  await expect(page.getByTestId('connection-status')).toContainText('Online');

  // The shop's orders for them reach the tablet before it goes offline.
  await expect(
    page.getByRole('combobox', { name: 'Order' }).locator('option', { hasText: given[2]?.plate ?? '' }),
  ).toHaveCount(1, { timeout: 20_000 });
  await context.setOffline(true);
  const plates = given.map((number) => number.plate);
  // Batch numbers of this run only (the server keeps earlier runs' records).
  const run = Math.random().toString(36).slice(2, 7).toUpperCase();
  const batch = `B-${run}`;
  const blanks = `BLK-${run}`;
  for (const [index, number] of given.entries()) await recordSale(page, number, `Offline Owner ${index + 1}`);
  await expect(page.getByText(SAVED).first()).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Manufacturing' }).click();
  const manufacturing = page.getByRole('form', { name: /Upload Plate Manufacturing Details/ });
  await manufacturing.getByRole('textbox', { name: /Plate Number/ }).fill(plates[0] ?? '');
  await manufacturing.getByRole('combobox', { name: /Status/ }).selectOption('Printed');
  await manufacturing.getByRole('textbox', { name: /Batch Number/ }).fill(batch);
  await manufacturing.getByLabel(/Production Date/).fill('2026-11-03');
  await manufacturing.getByRole('textbox', { name: /Front blank serial/ }).fill(frontSerial);
  await manufacturing.getByRole('textbox', { name: /Rear blank serial/ }).fill(rearSerial);
  await manufacturing.getByRole('button', { name: 'Submit Details' }).click();
  await expect(page.getByText('Manufacturing details submitted successfully!').last()).toBeVisible();

  await nav.getByRole('link', { name: 'Inventory' }).click();
  const inventory = page.getByRole('form', { name: /Add Inventory Item/ });
  await inventory.getByRole('combobox', { name: /Item Type/ }).selectOption('Plate Blanks');
  await inventory.getByRole('spinbutton', { name: /Quantity/ }).fill('75');
  await inventory.getByRole('textbox', { name: /Batch Number/ }).fill(blanks);
  await inventory.getByLabel(/Received Date/).fill('2026-11-04');
  await inventory.getByRole('button', { name: /Add Item/ }).click();
  await expect(page.getByText('Inventory data submitted successfully!').last()).toBeVisible();
  await expect(page.getByTestId('connection-status')).toHaveAttribute(
    'aria-label',
    /Offline, 5 changes saved on this device/,
  );

  // A reload while still offline loses nothing.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Tracking' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: blanks })).toContainText('Saved on this device');
  await nav.getByRole('link', { name: 'Whitebook Entry' }).click();
  for (const plate of plates)
    await expect(page.getByRole('row').filter({ hasText: plate })).toContainText('Saved on this device');

  await context.setOffline(false);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('aria-label', /all changes synced/, {
    timeout: 20_000,
  });
  for (const plate of plates) await expect(page.getByRole('row').filter({ hasText: plate })).toContainText('Synced');

  // The administrator's device pulls them.
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/dashboard/admin/compliance');
  const sales = admin.getByRole('table', { name: 'Whitebook Sales' });
  for (const plate of plates)
    await expect(sales.getByRole('row').filter({ hasText: plate })).toContainText('Cairo Road Plates');
  await expect(
    admin.getByRole('table', { name: 'Manufacturing' }).getByRole('row').filter({ hasText: batch }),
  ).toContainText('Printed');
  await expect(
    admin.getByRole('table', { name: 'Blank Stock' }).getByRole('row').filter({ hasText: blanks }),
  ).toContainText('75');
  await admin.context().close();
});

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
  await expect(page.getByRole('heading', { level: 1, name: 'Whitebook Entry' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'ZM-777-LCK' })).toBeVisible();

  // Offline, the agent records a plate number that another sale already used (against its own order and NRC, so the tablet lets it through).
  await context.setOffline(true);
  await recordSale(page, { plate: 'ZM-777-LCK', reference: 'ORD-005', nrc: '567890/12/3' }, 'Cloned Plate Buyer');
  await context.setOffline(false);
  const attention = page.getByRole('button', { name: '1 needs attention' });
  await expect(attention).toBeVisible({ timeout: 20_000 });
  await attention.click();
  const panel = page.getByRole('dialog', { name: 'Needs attention' });
  await expect(panel.getByText(/Plate ZM-777-LCK is already in a whitebook/).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Edit and resubmit' }).click();

  await expect(page).toHaveURL(/\/dashboard\/agent\/whitebook\?fix=/);
  const form = page.getByRole('form', { name: /Plate Sale and Vehicle/ });
  await expect(form.getByRole('textbox', { name: /Owner Name/ })).toHaveValue('Cloned Plate Buyer');
  await form.getByRole('textbox', { name: /Plate Number/ }).fill(corrected.plate);
  await form.getByRole('textbox', { name: /Owner NRC Number/ }).fill('123456/78/9');
  await form.getByRole('textbox', { name: /Entitlement Document Reference/ }).fill(corrected.reference);
  await form.getByRole('button', { name: 'Submit Entry' }).click();
  // Online, a form waits up to 8 s for its change's push before it says so (a busy runner adds to that).
  await expect(page.getByText('Whitebook entry submitted successfully!').last()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('row').filter({ hasText: corrected.plate })).toContainText('Synced');
  await expect(page.getByRole('button', { name: /needs? attention/ })).toHaveCount(0);
});
