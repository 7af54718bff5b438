/**
 * The officer at the roadside: typed numbers checked against the registry copy on the
 * device with no signal, checks kept on the device and synced, a flag an administrator
 * turns into a revocation that reaches the officer's device, and the owner's name
 * shown to officers online only.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_KNOWN_PLATES } from '../src/server/seed/demo-registry';
import { decodeBucket, REGISTRY_BUCKET_COUNT } from '../src/domain/registry/registry-copy';
import { expectSynced, signInAs, waitForRegistryCopy } from './app-page';
import { PolicePage } from './police-page';
import { QrSystemPage } from './qr-system-page';
import { withServiceWorker } from './service-worker';

const DEVICE_COPY = 'Checked against the registry copy on this device';

/** Opens the police page signed in as the officer and waits until the registry copy is on the device. */
async function openPolicePage(page: Page): Promise<PolicePage> {
  await signInAs(page, 'police');
  const police = await PolicePage.open(page, '/dashboard/police');
  await expect(police.heading('Roadside Verification')).toBeVisible();
  await waitForRegistryCopy(page);
  return police;
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

withServiceWorker(() => {
  test('offline, typed numbers are checked against the device copy, kept on the device, and synced on reconnecting', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const police = await openPolicePage(page);
    const { verification } = police;
    const since = new Date().toISOString();

    await context.setOffline(true);
    await expect(police.connectionStatus).toContainText('Offline');
    const result = verification.result;
    await police.typePlate('ZM-789-GHI');
    await expect(result).toHaveAttribute('data-verdict', 'Stolen');
    await expect(result).toContainText(DEVICE_COPY);
    await police.typePlate('ZM-123-ABC');
    await expect(result).toHaveAttribute('data-verdict', 'Valid');
    await expect(verification.registeredVehicle).toHaveText('Silver Toyota Corolla');
    await expect(result).toContainText(DEVICE_COPY);
    await expect(verification.ownerName).toHaveCount(0);
    // The copy was written, and the typed numbers looked up, by the store worker, off the page's thread.
    expect(
      page
        .workers()
        .map((worker) => new URL(worker.url()).pathname)
        .filter((path) => path.includes('store-worker')),
    ).toHaveLength(1);

    const ids = await offlineCheckIds(page, ['ZM-789-GHI', 'ZM-123-ABC'], since);
    expect(ids).toHaveLength(2);
    const checks = police.recentChecks;
    const savedRow = (plate: string) => police.recentCheck(plate, 'Typed, offline', 'Saved on this device');
    await expect(savedRow('ZM-789-GHI')).toHaveCount(1);
    await expect(savedRow('ZM-789-GHI')).toContainText('Stolen');
    await expect(savedRow('ZM-123-ABC')).toHaveCount(1);
    await expect(savedRow('ZM-123-ABC')).toContainText('Valid');

    await context.setOffline(false);
    await expect(checks.getByText('Saved on this device')).toHaveCount(0, { timeout: 20_000 });
    const syncedRow = (plate: string) =>
      police.recentCheck(plate, 'Typed, offline').filter({ hasNotText: 'Saved on this device' });
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
});

withServiceWorker(() => {
  test('a plate an administrator revokes after an officer’s flag reads Revoked on the officer’s device offline', async ({
    page,
    context,
    browser,
    request,
  }) => {
    // Two actors, an officer's registry copy and a sync each way: on a loaded 2-core runner it ran past 60 s twice in a row.
    test.setTimeout(120_000);
    const police = await openPolicePage(page);
    const plate = await randomValidPlate(page.request);

    await police.typePlate(plate);
    const result = police.verification.result;
    await expect(result).toHaveAttribute('data-verdict', 'Valid');
    const flag = await police.flag(plate, 'Suspected fake', 'Sticker on a red Vitz; the registry says otherwise.');
    await expect(flag).toBeHidden();
    const myFlag = police.myFlag(plate);
    await expect(myFlag).toContainText('Awaiting review');
    await expectSynced(myFlag, { timeout: 20_000 });

    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signInAs(admin, 'admin');
      const qrSystem = await QrSystemPage.open(admin, '/dashboard/admin/qr-system');
      const confirm = await qrSystem.revokePlate(plate, 'Confirmed clone.', { timeout: 20_000 });
      await expect(confirm).toBeHidden();
    } finally {
      await adminContext.close();
    }
    await expect
      .poll(async () => (await (await request.get(`/api/verification/${plate}`)).json()).verdict)
      .toBe('Revoked');

    await police.refreshNow.click();
    await expect(myFlag).toContainText('Revoked', { timeout: 20_000 });
    await expect(police.refreshNow).toBeEnabled({ timeout: 20_000 });

    await context.setOffline(true);
    await expect(police.connectionStatus).toContainText('Offline');
    await police.typePlate(plate);
    await expect(result).toHaveAttribute('data-verdict', 'Revoked');
    await expect(result).toContainText(DEVICE_COPY);
    await expect(result).toContainText('Plate revoked');
    await context.setOffline(false);
  });
});

test('online, an officer is shown the registered owner’s name', async ({ page }) => {
  const police = await openPolicePage(page);
  const { verification } = police;
  await police.typePlate('ZM-123-ABC');
  const result = verification.result;
  await expect(result).toHaveAttribute('data-verdict', 'Valid');
  await expect(result).toContainText('Checked against the registry.');
  await expect(result.getByText('Registered owner')).toBeVisible();
  await expect(verification.ownerName).toHaveText('Mwila Banda');
  await expect(verification.registeredVehicle).toHaveText('Silver Toyota Corolla (2019)');
});
