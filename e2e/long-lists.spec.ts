/**
 * Long lists page to the end: the QR System's revocation list held 50 and said "Showing 50
 * of 125" with no way to the rest. 120 revocations are put into the administrator's device
 * store (as a national list would bring) and the list is read to its last row.
 */
import { expect, test } from '@playwright/test';
import { openApp } from './app-page';
import { rowsInStore } from './device-store';
import { signedInPage } from './lifecycle-steps';

test('the revocation list shows more as the administrator reaches its end, to the last plate', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin');
  await openApp(admin, '/dashboard/admin/qr-system');
  const list = admin.getByRole('region', { name: 'Revocation list' }).or(admin.locator('section').filter({ has: admin.getByRole('heading', { name: 'Revocation list' }) })).first();
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
            transaction.objectStore('revocations').put({ plateNumber: `ZM-${String(index).padStart(3, '0')}-LST`, status: index % 4 === 0 ? 'Stolen' : 'Revoked', at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() });
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
  expect(total).toBeGreaterThan(150);
  await admin.reload();
  await expect(list.getByText(`Showing 50 of ${total}`)).toBeVisible({ timeout: 30_000 });
  // Scrolling to the end draws the next pages; the button does the same for keyboards.
  await list.getByRole('button', { name: /^Show more/ }).click();
  await expect(list.getByText(`Showing 100 of ${total}`)).toBeVisible();
  for (let round = 0; round < 5 && (await list.getByRole('button', { name: /^Show more/ }).count()) > 0; round += 1) {
    await list.getByRole('button', { name: /^Show more/ }).click();
  }
  await expect(list.getByText(`Showing ${total} of ${total}`)).toBeVisible();
  // The oldest revocation, last in the list, is there.
  await expect(list.getByRole('cell', { name: 'ZM-000-LST' })).toBeVisible();
  await admin.context().close();
});
