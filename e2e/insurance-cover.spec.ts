/**
 * A plate's insurance at the roadside and in the owner's dashboard: an officer checking the
 * README's valid plate ZM-123-ABC sees its cover online and, with the network off after the
 * registry copy has synced, from the device's copy in the same words; a visitor checking it
 * sees no insurance at all; the owner sees each registered plate's cover.
 */
import { expect, test } from '@playwright/test';
import { coverOnDay, coverText, type OwnerCoverTerm } from '../src/domain/registry/cover';
import { formatDay } from '../src/app/components/format-date-time';
import { signInAs, waitForRegistryCopy } from './app-page';
import { DashboardPage } from './dashboard-page';
import { MyPlatesPage } from './my-plates-page';
import { VerificationPage } from './verification-page';
import { withServiceWorker } from './service-worker';

const PLATE = 'ZM-123-ABC';
const DEVICE_COPY = 'Checked against the registry copy on this device';

async function typePlate(verification: VerificationPage, plateNumber: string): Promise<void> {
  await verification.check(plateNumber);
  await expect(verification.result).toContainText(plateNumber);
}

withServiceWorker(() => {
  test('an officer sees ZM-123-ABC’s cover online and offline from the device copy, in the same words', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'police');
    // What the registry says of the plate's cover today, for an officer.
    const verdict = (await (await page.request.get(`/api/verification/${PLATE}`)).json()) as {
      insurance?: { insurer: string; until: string } | 'none';
    };
    expect(verdict.insurance).toBeDefined();
    expect(verdict.insurance).not.toBe('none');
    const expected = coverText(verdict.insurance ?? 'none', formatDay);
    expect(expected).toMatch(/^Insured until \d{1,2} \w+ \d{4} \(.+\)$/);

    const roadside = await DashboardPage.open(page, '/dashboard/police');
    await expect(roadside.heading('Roadside Verification')).toBeVisible();
    await waitForRegistryCopy(page);

    const verification = new VerificationPage(page);
    const result = verification.result;
    await typePlate(verification, PLATE);
    await expect(result).toHaveAttribute('data-verdict', 'Valid');
    await expect(result).toContainText('Checked against the registry.');
    await expect(verification.insuranceCover).toHaveText(expected);

    await context.setOffline(true);
    await expect(roadside.connectionStatus).toContainText('Offline');
    await typePlate(verification, PLATE);
    await expect(result).toContainText(DEVICE_COPY);
    await expect(result).toHaveAttribute('data-verdict', 'Valid');
    await expect(verification.ownerName).toHaveCount(0);
    await expect(verification.insuranceCover).toHaveText(expected);
    await context.setOffline(false);
  });
});

test('a visitor checking ZM-123-ABC sees its verdict and vehicle, and nothing of its insurance', async ({ page }) => {
  const verification = await VerificationPage.open(page, `/verification?plate=${PLATE}`);
  const result = verification.result;
  await expect(result).toHaveAttribute('data-verdict', 'Valid');
  await expect(verification.registeredVehicle).toHaveText('Silver Toyota Corolla (2019)');
  await expect(verification.insuranceCover).toHaveCount(0);
  await expect(result).not.toContainText('Insured');
  await expect(result).not.toContainText('No valid insurance');
  await expect(verification.ownerName).toHaveCount(0);
});

test('the owner sees each registered plate’s cover in My Plates & Orders', async ({ page }) => {
  await signInAs(page, 'buyer');
  const plates = (
    (await (await page.request.get('/api/me/plates')).json()) as {
      plates: Array<{ plateNumber: string; stage: string; cover?: OwnerCoverTerm[] }>;
    }
  ).plates.filter((plate) => plate.stage === 'Registered');
  expect(plates.length).toBeGreaterThan(0);
  const today = new Date().toISOString().slice(0, 10);

  const myPlates = await MyPlatesPage.open(page, '/dashboard/user/plates');
  await expect(myPlates.cover().first()).toBeVisible();
  // Journeys running beside this one may add plates: show the whole list.
  await myPlates.showAll();
  for (const plate of plates)
    await expect(myPlates.cover(myPlates.row(plate.plateNumber))).toHaveText(
      coverText(coverOnDay(plate.cover ?? [], today), formatDay),
    );
  // The demo buyer's longest-running plate carries the demo agent's renewed Third Party policy.
  await expect(
    myPlates
      .cover()
      .filter({ hasText: /^Insured until .+, Third Party\)$/ })
      .first(),
  ).toBeVisible();
});
