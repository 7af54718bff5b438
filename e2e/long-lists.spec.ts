/**
 * Long lists page to the end: the QR System's revocation list held 50 and said "Showing 50
 * of 125" with no way to the rest. 120 revocations are put into the administrator's device
 * store (as a national list would bring) and the list is read to its last row.
 */
import { expect, test } from '@playwright/test';
import { rowsInStore } from './device-store';
import { signedInPage } from './lifecycle-steps';
import { ownServer } from './own-server';
import { QrSystemPage } from './qr-system-page';

// A server of its own: journeys beside this one revoke plates, and a new list version would replace the rows put in here.
const server = ownServer(11);
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

test('the revocation list shows more as the administrator reaches its end, to the last plate, and its search finds one', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await signedInPage(browser, 'admin', { baseURL: server.baseURL });
  const qr = await QrSystemPage.open(admin, '/dashboard/admin/qr-system');
  // The device's copy of the list has arrived.
  await expect.poll(() => rowsInStore(admin, 'revocations'), { timeout: 30_000 }).toBeGreaterThan(0);

  await admin.evaluate(
    (count) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('nambala');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const database = request.result;
          const transaction = database.transaction('revocations', 'readwrite');
          for (let index = 0; index < count; index += 1) {
            transaction.objectStore('revocations').put({
              plateNumber: `ZM-${String(index).padStart(3, '0')}-LST`,
              status: index % 4 === 0 ? 'Stolen' : 'Revoked',
              at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
            });
          }
          transaction.oncomplete = () => {
            database.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    120,
  );
  const total = await rowsInStore(admin, 'revocations');
  expect(total).toBeGreaterThan(120);
  await admin.reload();
  await expect(qr.revocationsShown(`Showing 50 of ${total}`)).toBeVisible({ timeout: 30_000 });
  // The button draws the next page, for keyboards. Pressed where it stands: scrolling to
  // it would bring the end of the list into view, which draws the next page by itself.
  await qr.showMoreRevocations.evaluate((button: HTMLButtonElement) => button.click());
  await expect(qr.revocationsShown(`Showing 50 of ${total}`)).toHaveCount(0);
  // Scrolling to the end of the list draws the rest.
  await expect(async () => {
    await qr.revocationsShown().scrollIntoViewIfNeeded();
    await expect(qr.revocationsShown(`Showing ${total} of ${total}`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(qr.revocationsShown(`Showing ${total} of ${total}`)).toBeVisible();
  // The oldest revocation, last in the list, is there.
  await expect(qr.revocation('ZM-000-LST')).toBeVisible();

  // The search finds one plate of the whole list, and says so; emptied, the list is back from its first page.
  await qr.revocationSearch.fill('000-lst');
  await expect(qr.revocationsShown('Showing 1 of 1 matching plates')).toBeVisible();
  await expect(qr.revocation('ZM-000-LST')).toBeVisible();
  await qr.revocationSearch.fill('');
  await expect(qr.revocationsShown(`Showing 50 of ${total}`)).toBeVisible();
  await admin.context().close();
});
