/**
 * One plate, one life, as the people involved see it: a buyer's application approved by the
 * administrator, made and sold by the plate shop (its whitebook form), followed by the buyer
 * in My Plates & Orders and the notifications; an officer's check online and offline after a
 * sync; the certificate PDF whose QR code, read from the PDF's image, verifies as Valid; a
 * number bought in the marketplace reading "Allocated, not yet issued"; and the owner's
 * dashboard read offline on a phone.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { embeddedImages } from '../tests/app/plate-documents/pdf-reading';
import { expectSynced, openApp, waitForRegistryCopy } from './app-page';
import { AgentPage } from './agent-page';
import { freePlate } from './free-plate';
import { approvedPlate, buyListingByCard, manufactureOnNextBlanks, signedInPage, today } from './lifecycle-steps';
import { MyPlatesPage } from './my-plates-page';
import { CertificatesPage, OwnerOverviewPage } from './owner-dashboard-page';
import { PolicePage } from './police-page';
import { VerificationPage } from './verification-page';
import { withServiceWorker } from './service-worker';

withServiceWorker(() => {
  test('a plate applied for is approved, made and sold by the shop, followed by its buyer, and verifies at the roadside online and offline', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const buyer = await signedInPage(browser, 'buyer');
    const admin = await signedInPage(browser, 'admin');
    const shop = await signedInPage(browser, 'agent');
    const { plate, reference } = await approvedPlate(buyer.request, admin.request);

    // Held for the buyer: a check says so, and never "may be fake".
    const check = await VerificationPage.open(buyer, `/verification?plate=${plate}`);
    await check.check(plate);
    await expect(check.result).toContainText('Allocated, not yet issued');
    await expect(check.result).not.toContainText('may be fake');

    const myPlates = await MyPlatesPage.open(buyer, '/dashboard/user/plates');
    await expect(myPlates.row(plate)).toContainText('Paid', { timeout: 30_000 });

    // The shop makes it: the buyer is told where and from when.
    const blanks = await manufactureOnNextBlanks(shop.request, {
      plateNumber: plate,
      status: 'Ready for Collection',
      batchNumber: 'B-E2E-01',
    });
    await buyer.reload();
    await expect(myPlates.row(plate)).toContainText('Ready for collection', { timeout: 30_000 });
    await expect(myPlates.row(plate)).toContainText(/Ready at .+ from/);
    await myPlates.notificationsButton(/\d+ unread/).click();
    await expect(buyer.getByText(`Plate ${plate} is ready for collection`, { exact: true })).toBeVisible();
    await buyer.keyboard.press('Escape');

    // The shop records the sale in its whitebook with the buyer's vehicle and NRC.
    const whitebook = await AgentPage.open(shop, '/dashboard/agent/whitebook');
    await whitebook.submitSale({
      plate,
      saleDate: today(),
      make: 'Toyota',
      model: 'Hilux',
      colour: 'White',
      year: '2022',
      chassis: 'AHTFR22G807799999',
      owner: 'Mwila Banda',
      nrc: '123456/78/9',
      registration: 'BAK 2026',
      reference,
    });
    await expect(shop.getByText('Whitebook entry submitted successfully!').last()).toBeVisible();
    await expectSynced(whitebook.row(plate), { timeout: 30_000 });

    // The buyer sees it registered, and is told.
    await buyer.reload();
    await expect(myPlates.row(plate)).toContainText('Registered', { timeout: 30_000 });
    await expect(myPlates.row(plate)).toContainText('White Toyota Hilux');
    await myPlates.notificationsButton(/\d+ unread/).click();
    await expect(buyer.getByText(`Plate ${plate} registered`, { exact: true })).toBeVisible();
    await buyer.keyboard.press('Escape');

    // The certificate: a real PDF whose QR code, read from its image, verifies as Valid.
    const certificates = await CertificatesPage.open(buyer, '/dashboard/user/certificates');
    const card = certificates.certificate(plate);
    const downloading = buyer.waitForEvent('download');
    await certificates.downloadButton(card).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await PDFDocument.load(await readFile((await download.path()) ?? ''));
    const decoded = embeddedImages(pdf)
      .map((image) => jsQR(image.data, image.width, image.height))
      .find((code) => code !== null);
    expect(decoded?.data).toMatch(/\/v#\d+$/);
    const url = new URL(decoded?.data ?? '');
    const visitor = await (await browser.newContext()).newPage();
    const scanned = await VerificationPage.open(visitor, `${url.pathname}${url.hash}`);
    await expect(scanned.result).toHaveAttribute('data-verdict', 'Valid', {
      timeout: 15_000,
    });
    await expect(scanned.result).toContainText(plate);

    // The officer: online with the owner's name, then offline from the device's copy after a sync.
    const officer = await signedInPage(browser, 'police');
    const { verification: roadside } = await PolicePage.open(officer, '/dashboard/police');
    await waitForRegistryCopy(officer);
    await roadside.check(plate);
    await expect(roadside.result).toHaveAttribute('data-verdict', 'Valid');
    await expect(roadside.ownerName).toHaveText('Mwila Banda');
    await expect(roadside.blankSerials).toHaveText(`front ${blanks.frontSerial}, rear ${blanks.rearSerial}`);
    await officer.context().setOffline(true);
    await roadside.check(plate);
    await expect(roadside.result).toContainText('Checked against the registry copy on this device');
    await expect(roadside.result).toHaveAttribute('data-verdict', 'Valid');
    await expect(roadside.registeredVehicle).toContainText('White Toyota Hilux');
    await expect(roadside.blankSerials).toHaveText(`front ${blanks.frontSerial}, rear ${blanks.rearSerial}`);
  });
});

test('a number bought in the marketplace is held for its buyer and reads as allocated until the shop registers it', async ({
  browser,
}) => {
  const buyer = await signedInPage(browser, 'buyer');
  const listing = await freePlate(buyer);
  await buyListingByCard(buyer.request, listing.id);

  const myPlates = await MyPlatesPage.open(buyer, '/dashboard/user/plates');
  await expect(myPlates.row(listing.number)).toContainText(/Paid|Being made/, { timeout: 30_000 });
  const check = await VerificationPage.open(buyer, `/verification`);
  await check.check(listing.number);
  await expect(check.result).toHaveAttribute('data-verdict', 'Not yet issued');
  await expect(check.result).toContainText('Allocated, not yet issued');
});

withServiceWorker(() => {
  test('the owner’s dashboard reads offline on a phone, as of the last sync', async ({ browser }) => {
    const buyer = await signedInPage(browser, 'buyer', { viewport: { width: 360, height: 800 } });
    await buyer.goto('/');
    await expect
      .poll(() => buyer.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
      .toBe('activated');
    const overview = await OwnerOverviewPage.open(buyer, '/dashboard');
    await expect(buyer.getByText('Active Plates')).toBeVisible();
    await expect(overview.renewalsBanner).toBeVisible({ timeout: 30_000 });
    const myPlates = await MyPlatesPage.open(buyer, '/dashboard/user/plates');
    await expect(myPlates.item('Registered').first()).toBeVisible({ timeout: 30_000 });

    await buyer.context().setOffline(true);
    await buyer.reload();
    await expect(myPlates.offlineAsOf).toBeVisible();
    await expect(myPlates.item('Registered').first()).toBeVisible();
    await openApp(buyer, '/dashboard');
    await expect(overview.offlineAsOf).toBeVisible();
    await expect(overview.renewalsBanner).toBeVisible();
    // Nothing is wider than the phone.
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
