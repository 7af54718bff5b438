/**
 * The roadside verdict read at a glance: an officer scans a stolen plate's QR code with the
 * camera on a 360 px phone and reads the band and what to do; a new scan clears it; the check
 * is shared as a record. The public told a plate is stolen is told what to do, and the
 * verdict's heading is not left under the sticky header.
 */
import { expect, test } from '@playwright/test';
import { credentialQrSegments } from '../src/domain/credential/qr-url';
import { signInAs } from './app-page';
import { credentialOf, keysOnDevice, withCameraPage, writeQrVideo } from './fake-camera';
import { RoadsideVerdictPage } from './roadside-verdict-page';
import { VerificationPage } from './verification-page';

/** Reported stolen in the demo registry; no other journey changes it. */
const STOLEN = 'ZM-789-GHI';
const PHONE = { width: 360, height: 800 };
const SCAN_TIMEOUT_MS = 20_000;

test('an officer scans a stolen plate, reads what to do, a new scan clears it, and the check is shared', async ({
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(45_000);
  const bytes = await credentialOf(playwright.request, baseURL, STOLEN);
  const video = await writeQrVideo(credentialQrSegments(baseURL ?? '', bytes), testInfo.outputPath('stolen.y4m'));
  await withCameraPage(video, { baseURL, viewport: PHONE }, async (page) => {
    await signInAs(page, 'police');
    await RoadsideVerdictPage.captureShares(page);
    const police = await RoadsideVerdictPage.open(page, '/dashboard/police');
    await expect.poll(() => keysOnDevice(page), { timeout: 20_000 }).toBeGreaterThan(0);

    // A typed check first: its verdict's badge ("Not yet issued") is the widest Recent checks shows.
    await police.typePlate('ZM-101-ABC');
    await police.startScanning.click();
    const result = police.verification.result;
    await expect(result).toHaveAttribute('data-verdict', 'Stolen', { timeout: SCAN_TIMEOUT_MS });
    await expect(police.bandWord).toHaveText('Stolen');
    await expect(police.instruction).toContainText('Reported stolen: stop the vehicle');
    await expect(police.verification.registeredVehicle).toHaveText('White Toyota Hilux');
    const look = await police.bandWordLook();
    expect(look.fontPx).toBeGreaterThanOrEqual(32);
    expect(look.contrast).toBeGreaterThanOrEqual(7);
    // Online, the scan shows the owner as a typed check does.
    await expect(police.verification.ownerName).toHaveText('Joseph Lungu');
    // Recent checks: every time is whole inside a 360 px screen, with no sideways scrolling.
    await expect(police.checkTimes.first()).toBeVisible();
    expect(await police.timesCutOff()).toBe(0);

    await police.watchForClearing();
    await police.startScanning.click();
    await expect(result).toHaveAttribute('data-verdict', 'Stolen', { timeout: SCAN_TIMEOUT_MS });
    expect(await police.verdictWasCleared()).toBe(true);

    await police.place.fill('Kafue Road checkpoint');
    await police.shareRecord.click();
    await expect.poll(async () => (await police.sharedRecords()).length).toBe(1);
    const [record] = await police.sharedRecords();
    expect(record?.text).toContain(`Plate: ${STOLEN}`);
    expect(record?.text).toContain('Verdict: Reported stolen');
    expect(record?.text).toMatch(/Time: \d{1,2} \w+ \d{4}, \d\d:\d\d \(Lusaka time\)/);
    expect(record?.text).toContain('Place: Kafue Road checkpoint');
    expect(record?.text).toContain('Officer: Inspector Tembo');
  });
});

test('a visitor told a plate is stolen is told not to buy and to call 991, with the heading in view', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const verification = await VerificationPage.open(page, '/verification');
  await verification.check(STOLEN);
  await expect(verification.result).toHaveAttribute('data-verdict', 'Stolen');
  await expect(page.getByTestId('verdict-instruction')).toContainText('do not buy this vehicle');
  await expect(page.getByTestId('verdict-instruction')).toContainText('991');
  // Scrolled into view: the result's heading, its band and the verdict's heading are all below the sticky header.
  const header = await page.getByRole('banner').boundingBox();
  const below = (header?.y ?? 0) + (header?.height ?? 0);
  await expect
    .poll(async () => (await verification.verdictHeading.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual(below);
  const resultHeading = await page.getByRole('heading', { name: 'Verification Result' }).boundingBox();
  expect(resultHeading?.y ?? 0).toBeGreaterThanOrEqual(below);
  const band = await page.getByTestId('verdict-band').boundingBox();
  expect(band?.y ?? 0).toBeGreaterThanOrEqual(below);
});
