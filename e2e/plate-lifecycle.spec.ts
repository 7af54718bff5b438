/**
 * One plate, one life, as the people involved see it: a buyer's application approved by the
 * administrator, made and sold by the plate shop (its whitebook form), followed by the buyer
 * in My Plates & Orders and the notifications; an officer's check online and offline after a
 * sync; the certificate PDF whose QR code, read from the PDF's image, verifies as Valid; a
 * number bought in the marketplace reading "Allocated, not yet issued"; and the owner's
 * dashboard read offline on a phone.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { embeddedImages } from '../tests/app/plate-documents/pdf-reading';
import { openApp, waitForRegistryCopy } from './app-page';
import { APPROVE_CARD, approvedPlate, manufactureOnNextBlanks, signedInPage, today } from './lifecycle-steps';

/** The row of a plate (or order) in My Plates & Orders, on a desktop-sized page. */
function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

test('a plate applied for is approved, made and sold by the shop, followed by its buyer, and verifies at the roadside online and offline', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const buyer = await signedInPage(browser, 'buyer');
  const admin = await signedInPage(browser, 'admin');
  const shop = await signedInPage(browser, 'agent');
  const { plate, reference } = await approvedPlate(buyer.request, admin.request);

  // Held for the buyer: a check says so, and never "may be fake".
  await openApp(buyer, `/verification?plate=${plate}`);
  await buyer
    .getByRole('textbox', { name: /Plate Number/ })
    .first()
    .fill(plate);
  await buyer
    .getByRole('button', { name: /^Verify/ })
    .first()
    .click();
  await expect(buyer.getByTestId('verification-result')).toContainText('Allocated, not yet issued');
  await expect(buyer.getByTestId('verification-result')).not.toContainText('may be fake');

  await openApp(buyer, '/dashboard/user/plates');
  await expect(rowOf(buyer, plate)).toContainText('Paid', { timeout: 30_000 });

  // The shop makes it: the buyer is told where and from when.
  const blanks = await manufactureOnNextBlanks(shop.request, {
    plateNumber: plate,
    status: 'Ready for Collection',
    batchNumber: 'B-E2E-01',
  });
  await buyer.reload();
  await expect(rowOf(buyer, plate)).toContainText('Ready for collection', { timeout: 30_000 });
  await expect(rowOf(buyer, plate)).toContainText(/Ready at .+ from/);
  await buyer.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  await expect(buyer.getByText(`Plate ${plate} is ready for collection`, { exact: true })).toBeVisible();
  await buyer.keyboard.press('Escape');

  // The shop records the sale in its whitebook with the buyer's vehicle and NRC.
  await openApp(shop, '/dashboard/agent/whitebook');
  const form = shop.getByRole('form', { name: /Plate Sale and Vehicle/ });
  await form.getByRole('textbox', { name: /Plate Number/ }).fill(plate);
  await form.getByLabel(/Sale Date/).fill(today());
  await form.getByRole('textbox', { name: /Vehicle Make/ }).fill('Toyota');
  await form.getByRole('textbox', { name: /Vehicle Model/ }).fill('Hilux');
  await form.getByRole('textbox', { name: /Vehicle Colour/ }).fill('White');
  await form.getByRole('textbox', { name: /Vehicle Year/ }).fill('2022');
  await form.getByRole('textbox', { name: /Chassis Number/ }).fill('AHTFR22G807799999');
  await form.getByRole('textbox', { name: /Owner Name/ }).fill('Mwila Banda');
  await form.getByRole('textbox', { name: /Owner NRC Number/ }).fill('123456/78/9');
  await form.getByRole('textbox', { name: /Registration Number/ }).fill('BAK 2026');
  await form.getByRole('textbox', { name: /Entitlement Document Reference/ }).fill(reference);
  await form.getByRole('button', { name: 'Submit Entry' }).click();
  await expect(shop.getByText('Whitebook entry submitted successfully!').last()).toBeVisible();
  await expect(shop.getByRole('row').filter({ hasText: plate })).toContainText('Synced', { timeout: 30_000 });

  // The buyer sees it registered, and is told.
  await buyer.reload();
  await expect(rowOf(buyer, plate)).toContainText('Registered', { timeout: 30_000 });
  await expect(rowOf(buyer, plate)).toContainText('White Toyota Hilux');
  await buyer.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  await expect(buyer.getByText(`Plate ${plate} registered`, { exact: true })).toBeVisible();
  await buyer.keyboard.press('Escape');

  // The certificate: a real PDF whose QR code, read from its image, verifies as Valid.
  await openApp(buyer, '/dashboard/user/certificates');
  const card = buyer
    .getByRole('article')
    .filter({ hasText: plate })
    .or(buyer.getByRole('listitem').filter({ hasText: plate }))
    .first();
  const downloading = buyer.waitForEvent('download');
  await card.getByRole('button', { name: /certificate/i }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await PDFDocument.load(await readFile((await download.path()) ?? ''));
  const decoded = embeddedImages(pdf)
    .map((image) => jsQR(image.data, image.width, image.height))
    .find((code) => code !== null);
  expect(decoded?.data).toMatch(/\/v#\d+$/);
  const url = new URL(decoded?.data ?? '');
  const visitor = await (await browser.newContext()).newPage();
  await openApp(visitor, `${url.pathname}${url.hash}`);
  await expect(visitor.getByTestId('verification-result')).toHaveAttribute('data-verdict', 'Valid', {
    timeout: 15_000,
  });
  await expect(visitor.getByTestId('verification-result')).toContainText(plate);

  // The officer: online with the owner's name, then offline from the device's copy after a sync.
  const officer = await signedInPage(browser, 'police');
  await openApp(officer, '/dashboard/police');
  await waitForRegistryCopy(officer);
  const field = officer.getByRole('textbox', { name: 'Plate Number' });
  await field.fill(plate);
  await officer.getByRole('button', { name: 'Verify Plate' }).click();
  await expect(officer.getByTestId('verification-result')).toHaveAttribute('data-verdict', 'Valid');
  await expect(officer.getByTestId('owner-name')).toHaveText('Mwila Banda');
  await expect(officer.getByTestId('blank-serials')).toHaveText(
    `front ${blanks.frontSerial}, rear ${blanks.rearSerial}`,
  );
  await officer.context().setOffline(true);
  await field.fill(plate);
  await officer.getByRole('button', { name: 'Verify Plate' }).click();
  await expect(officer.getByTestId('verification-result')).toContainText(
    'Checked against the registry copy on this device',
  );
  await expect(officer.getByTestId('verification-result')).toHaveAttribute('data-verdict', 'Valid');
  await expect(officer.getByTestId('registered-vehicle')).toContainText('White Toyota Hilux');
  await expect(officer.getByTestId('blank-serials')).toHaveText(
    `front ${blanks.frontSerial}, rear ${blanks.rearSerial}`,
  );
});

test('a number bought in the marketplace is held for its buyer and reads as allocated until the shop registers it', async ({
  browser,
}) => {
  const buyer = await signedInPage(browser, 'buyer');
  const listings = (
    (await (await buyer.request.get('/api/listings')).json()) as {
      listings: Array<{ id: string; number: string; status: string }>;
    }
  ).listings;
  const listing = listings.filter((candidate) => candidate.status === 'Available')[1];
  if (!listing) throw new Error('no listing left to buy');
  const bought = await buyer.request.post(`/api/listings/${listing.id}/buy`, {
    data: {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      ownerName: 'Mwila Banda',
      ownerNrc: '123456/78/9',
    },
  });
  expect(((await bought.json()) as { payment: { status: string } }).payment.status).toBe('approved');

  await openApp(buyer, '/dashboard/user/plates');
  await expect(rowOf(buyer, listing.number)).toContainText(/Paid|Being made/, { timeout: 30_000 });
  await openApp(buyer, `/verification`);
  await buyer
    .getByRole('textbox', { name: /Plate Number/ })
    .first()
    .fill(listing.number);
  await buyer
    .getByRole('button', { name: /^Verify/ })
    .first()
    .click();
  await expect(buyer.getByTestId('verification-result')).toHaveAttribute('data-verdict', 'Not yet issued');
  await expect(buyer.getByTestId('verification-result')).toContainText('Allocated, not yet issued');
});

test('the owner’s dashboard reads offline on a phone, as of the last sync', async ({ browser }) => {
  const buyer = await signedInPage(browser, 'buyer', { viewport: { width: 360, height: 800 } });
  await buyer.goto('/');
  await expect
    .poll(() => buyer.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
    .toBe('activated');
  await openApp(buyer, '/dashboard');
  await expect(buyer.getByText('Active Plates')).toBeVisible();
  await expect(buyer.getByTestId('renewals-banner')).toBeVisible({ timeout: 30_000 });
  await openApp(buyer, '/dashboard/user/plates');
  await expect(buyer.getByRole('listitem').filter({ hasText: 'Registered' }).first()).toBeVisible({ timeout: 30_000 });

  await buyer.context().setOffline(true);
  await buyer.reload();
  await expect(buyer.getByTestId('offline-as-of')).toBeVisible();
  await expect(buyer.getByRole('listitem').filter({ hasText: 'Registered' }).first()).toBeVisible();
  await openApp(buyer, '/dashboard');
  await expect(buyer.getByTestId('offline-as-of')).toBeVisible();
  await expect(buyer.getByTestId('renewals-banner')).toBeVisible();
  // Nothing is wider than the phone.
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
