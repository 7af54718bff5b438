/**
 * The officer at the roadside: typed numbers checked against the registry copy on the
 * device with no signal, checks kept on the device and synced, a flag an administrator
 * turns into a revocation that reaches the officer's device, and the owner's name
 * shown to officers online only.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_KNOWN_PLATES } from '../src/server/seed/demo-registry';
import { decodeBucket, REGISTRY_BUCKET_COUNT } from '../src/domain/registry/registry-copy';
import { openApp, signInAs, waitForRegistryCopy } from './app-page';

const DEVICE_COPY = 'Checked against the registry copy on this device';

/** Opens the police page signed in as the officer and waits until the registry copy is on the device. */
async function openPolicePage(page: Page): Promise<void> {
  await signInAs(page, 'police');
  await openApp(page, '/dashboard/police');
  await expect(page.getByRole('heading', { level: 1, name: 'Roadside Verification' })).toBeVisible();
  await waitForRegistryCopy(page);
}

async function typePlate(page: Page, plateNumber: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Plate Number' });
  await field.fill(plateNumber);
  await page.getByRole('button', { name: 'Verify Plate' }).click();
  await expect(page.getByTestId('verification-result')).toContainText(plateNumber);
}

/** Ids of this device's offline checks of `plates` made since `since` (ISO), read from IndexedDB. */
function offlineCheckIds(page: Page, plates: string[], since: string): Promise<string[]> {
  return page.evaluate(
    ({ plates, since }) =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open('nambala');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const database = request.result;
          const all = database.transaction('policeChecks').objectStore('policeChecks').getAll();
          all.onsuccess = () => {
            database.close();
            const checks = all.result as Array<{
              id: string;
              plateNumber: string;
              offline: boolean;
              checkedAt: string;
            }>;
            resolve(
              checks
                .filter((check) => check.offline && plates.includes(check.plateNumber) && check.checkedAt >= since)
                .map((check) => check.id),
            );
          };
          all.onerror = () => reject(all.error);
        };
      }),
    { plates, since },
  );
}

/** Every change-log id of `entity` the signed-in user can pull from the server. */
async function pulledIds(request: APIRequestContext, entity: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const response = await request.get(
      `/api/sync/pull?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      changes: Array<{ entity: string; id: string }>;
      cursor: string;
      hasMore: boolean;
    };
    for (const change of body.changes) if (change.entity === entity) ids.add(change.id);
    if (!body.hasMore) break;
    cursor = body.cursor;
  }
  return ids;
}

/**
 * A Valid, unexpired registry plate picked at random from the copy officers download,
 * never one of the plates with a known story (other tests read those).
 */
async function randomValidPlate(request: APIRequestContext): Promise<string> {
  const known = new Set(DEMO_KNOWN_PLATES.map((plate) => plate.plateNumber));
  const today = new Date().toISOString().slice(0, 10);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const bucket = Math.floor(Math.random() * REGISTRY_BUCKET_COUNT);
    const response = await request.get(`/api/registry/buckets?ids=${bucket}`);
    expect(response.status()).toBe(200);
    const [block] = ((await response.json()) as { buckets: Array<{ rows: string }> }).buckets;
    const candidates = decodeBucket(block?.rows ?? '').filter(
      (row) => row.standing === 'Valid' && row.expiryDate > today && !known.has(row.plateNumber),
    );
    const pick = candidates[Math.floor(Math.random() * candidates.length)];
    if (pick) return pick.plateNumber;
  }
  throw new Error('no valid plate found in 20 random buckets');
}

test('offline, typed numbers are checked against the device copy, kept on the device, and synced on reconnecting', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await openPolicePage(page);
  const since = new Date().toISOString();

  await context.setOffline(true);
  await expect(page.getByTestId('connection-status')).toContainText('Offline');
  const result = page.getByTestId('verification-result');
  await typePlate(page, 'ZM-789-GHI');
  await expect(result).toHaveAttribute('data-verdict', 'Stolen');
  await expect(result).toContainText(DEVICE_COPY);
  await typePlate(page, 'ZM-123-ABC');
  await expect(result).toHaveAttribute('data-verdict', 'Valid');
  await expect(page.getByTestId('registered-vehicle')).toHaveText('Silver Toyota Corolla');
  await expect(result).toContainText(DEVICE_COPY);
  await expect(page.getByTestId('owner-name')).toHaveCount(0);
  // The copy was written, and the typed numbers looked up, by the store worker, off the page's thread.
  expect(
    page
      .workers()
      .map((worker) => new URL(worker.url()).pathname)
      .filter((path) => path.includes('store-worker')),
  ).toHaveLength(1);

  const ids = await offlineCheckIds(page, ['ZM-789-GHI', 'ZM-123-ABC'], since);
  expect(ids).toHaveLength(2);
  const checks = page.getByRole('table', { name: 'Recent checks' });
  const savedRow = (plate: string) =>
    checks
      .getByRole('row')
      .filter({ hasText: plate })
      .filter({ hasText: 'Typed, offline' })
      .filter({ hasText: 'Saved on this device' });
  await expect(savedRow('ZM-789-GHI')).toHaveCount(1);
  await expect(savedRow('ZM-789-GHI')).toContainText('Stolen');
  await expect(savedRow('ZM-123-ABC')).toHaveCount(1);
  await expect(savedRow('ZM-123-ABC')).toContainText('Valid');

  await context.setOffline(false);
  await expect(checks.getByText('Saved on this device')).toHaveCount(0, { timeout: 20_000 });
  const syncedRow = (plate: string) =>
    checks
      .getByRole('row')
      .filter({ hasText: plate })
      .filter({ hasText: 'Typed, offline' })
      .filter({ hasText: 'Synced' });
  await expect(syncedRow('ZM-789-GHI').first()).toBeVisible();
  await expect(syncedRow('ZM-123-ABC').first()).toBeVisible();

  // The server holds both checks under the device's ids, and a reload online lists them as synced.
  const onServer = await pulledIds(page.request, 'policeCheck');
  expect(ids.filter((id) => onServer.has(id))).toEqual(ids);
  await page.reload();
  await expect(syncedRow('ZM-789-GHI').first()).toBeVisible();
  await expect(syncedRow('ZM-123-ABC').first()).toBeVisible();
  await expect(checks.getByText('Saved on this device')).toHaveCount(0);
});

test('a plate an administrator revokes after an officer’s flag reads Revoked on the officer’s device offline', async ({
  page,
  context,
  browser,
  request,
}) => {
  // Two actors, an officer's registry copy and a sync each way: on a loaded 2-core runner it ran past 60 s twice in a row.
  test.setTimeout(120_000);
  await openPolicePage(page);
  const plate = await randomValidPlate(page.request);

  await typePlate(page, plate);
  const result = page.getByTestId('verification-result');
  await expect(result).toHaveAttribute('data-verdict', 'Valid');
  await page.getByRole('button', { name: 'Flag this plate' }).click();
  const flag = page.getByRole('dialog', { name: `Flag ${plate}` });
  await flag.getByRole('combobox', { name: 'What do you suspect?' }).selectOption('Suspected fake');
  await flag
    .getByRole('textbox', { name: 'What did you see?' })
    .fill('Sticker on a red Vitz; the registry says otherwise.');
  await flag.getByRole('button', { name: 'Send Flag' }).click();
  await expect(flag).toBeHidden();
  // The flag's row in 'My flags': the plate's line, two levels up, holds its badges.
  const myFlag = page
    .getByRole('region', { name: 'My flags' })
    .getByText(plate, { exact: true })
    .locator('xpath=../..');
  await expect(myFlag).toContainText('Awaiting review');
  await expect(myFlag).toContainText('Synced', { timeout: 20_000 });

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInAs(admin, 'admin');
    await openApp(admin, '/dashboard/admin/qr-system');
    await admin.getByRole('button', { name: `Revoke plate (${plate})` }).click({ timeout: 20_000 });
    const confirm = admin.getByRole('alertdialog', { name: `Revoke ${plate}?` });
    await confirm.getByRole('textbox', { name: 'Decision note (optional)' }).fill('Confirmed clone.');
    await confirm.getByRole('button', { name: 'Revoke plate' }).click();
    await expect(confirm).toBeHidden();
  } finally {
    await adminContext.close();
  }
  await expect
    .poll(async () => (await (await request.get(`/api/verification/${plate}`)).json()).verdict)
    .toBe('Revoked');

  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(myFlag).toContainText('Revoked', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Refresh now' })).toBeEnabled({ timeout: 20_000 });

  await context.setOffline(true);
  await expect(page.getByTestId('connection-status')).toContainText('Offline');
  await typePlate(page, plate);
  await expect(result).toHaveAttribute('data-verdict', 'Revoked');
  await expect(result).toContainText(DEVICE_COPY);
  await expect(result).toContainText('Plate revoked');
  await context.setOffline(false);
});

test('online, an officer is shown the registered owner’s name', async ({ page }) => {
  await openPolicePage(page);
  await typePlate(page, 'ZM-123-ABC');
  const result = page.getByTestId('verification-result');
  await expect(result).toHaveAttribute('data-verdict', 'Valid');
  await expect(result).toContainText('Checked against the registry.');
  await expect(result.getByText('Registered owner')).toBeVisible();
  await expect(page.getByTestId('owner-name')).toHaveText('Mwila Banda');
  await expect(page.getByTestId('registered-vehicle')).toHaveText('Silver Toyota Corolla (2019)');
});
