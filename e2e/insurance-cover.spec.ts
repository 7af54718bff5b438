/**
 * A plate's insurance at the roadside and in the owner's dashboard: an officer checking the
 * README's valid plate ZM-123-ABC sees its cover online and, with the network off after the
 * registry copy has synced, from the device's copy in the same words; a visitor checking it
 * sees no insurance at all; the owner sees each registered plate's cover.
 */
import { expect, type Page, test } from '@playwright/test';
import { coverOnDay, coverText, type OwnerCoverTerm } from '../src/domain/registry/cover';
import { formatDay } from '../src/app/components/format-date-time';
import { openApp, signInAs, waitForRegistryCopy } from './app-page';

const PLATE = 'ZM-123-ABC';
const DEVICE_COPY = 'Checked against the registry copy on this device';

async function typePlate(page: Page, plateNumber: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Plate Number' }).fill(plateNumber);
  await page.getByRole('button', { name: 'Verify Plate' }).click();
  await expect(page.getByTestId('verification-result')).toContainText(plateNumber);
}

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

  await openApp(page, '/dashboard/police');
  await expect(page.getByRole('heading', { level: 1, name: 'Roadside Verification' })).toBeVisible();
  await waitForRegistryCopy(page);

  const result = page.getByTestId('verification-result');
  await typePlate(page, PLATE);
  await expect(result).toHaveAttribute('data-verdict', 'Valid');
  await expect(result).toContainText('Checked against the registry.');
  await expect(page.getByTestId('insurance-cover')).toHaveText(expected);

  await context.setOffline(true);
  await expect(page.getByTestId('connection-status')).toContainText('Offline');
  await typePlate(page, PLATE);
  await expect(result).toContainText(DEVICE_COPY);
  await expect(result).toHaveAttribute('data-verdict', 'Valid');
  await expect(page.getByTestId('owner-name')).toHaveCount(0);
  await expect(page.getByTestId('insurance-cover')).toHaveText(expected);
  await context.setOffline(false);
});

test('a visitor checking ZM-123-ABC sees its verdict and vehicle, and nothing of its insurance', async ({ page }) => {
  await openApp(page, `/verification?plate=${PLATE}`);
  const result = page.getByTestId('verification-result');
  await expect(result).toHaveAttribute('data-verdict', 'Valid');
  await expect(page.getByTestId('registered-vehicle')).toHaveText('Silver Toyota Corolla (2019)');
  await expect(page.getByTestId('insurance-cover')).toHaveCount(0);
  await expect(result).not.toContainText('Insured');
  await expect(result).not.toContainText('No valid insurance');
  await expect(page.getByTestId('owner-name')).toHaveCount(0);
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

  await openApp(page, '/dashboard/user/plates');
  const table = page.getByRole('table', { name: 'My Plates & Orders' });
  await expect(table.getByTestId('plate-cover').first()).toBeVisible();
  // Journeys running beside this one may add plates: show the whole list.
  const more = page.getByRole('button', { name: /^Show more/ });
  while (await more.isVisible()) await more.click();
  for (const plate of plates) {
    const row = table.getByRole('row').filter({ hasText: plate.plateNumber });
    await expect(row.getByTestId('plate-cover')).toHaveText(coverText(coverOnDay(plate.cover ?? [], today), formatDay));
  }
  // The demo buyer's longest-running plate carries the demo agent's renewed Third Party policy.
  await expect(
    table
      .getByTestId('plate-cover')
      .filter({ hasText: /^Insured until .+, Third Party\)$/ })
      .first(),
  ).toBeVisible();
});
