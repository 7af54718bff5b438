/**
 * Reading the app's IndexedDB from a test, the way the app cannot notice: never creates
 * the database (the app must) and never keeps it open (that would block its upgrades).
 */
import type { Page } from '@playwright/test';

/** How many rows one of the app's stores holds; 0 before the app has made it. */
export function rowsInStore(page: Page, storeName: string): Promise<number> {
  return page.evaluate(
    (store) =>
      new Promise<number>((resolve) => {
        const request = indexedDB.open('nambala');
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => resolve(0);
        request.onsuccess = () => {
          // No named helpers in here: the bench's TypeScript loader would wrap them in a
          // function the page does not have.
          const database = request.result;
          if (!database.objectStoreNames.contains(store)) {
            database.close();
            resolve(0);
            return;
          }
          const count = database.transaction(store).objectStore(store).count();
          count.onsuccess = () => {
            database.close();
            resolve(count.result);
          };
          count.onerror = () => {
            database.close();
            resolve(0);
          };
        };
      }),
    storeName,
  );
}
