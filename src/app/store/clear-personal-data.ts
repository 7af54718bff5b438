/** Removes what a signed-in person left on this device; public copies (the marketplace) stay. */
import { CHANGE_LOG_TABLES, db } from './database';

/** Copies of a signed-in person's data (everything but the outbox and public copies). */
// The registry copy holds no owners, but it is given to officers only, so it goes too.
// Favourites are kept apart: a visitor's own (never synced) stay on the device.
const accountTables = () => [
  db.adminUsers,
  db.notifications,
  db.profiles,
  db.registryBuckets,
  db.myOrders,
  db.myPayments,
  ...Object.values(CHANGE_LOG_TABLES)
    .filter((name) => name !== 'favourites')
    .map((name) => db.table(name)),
];
const clearAccountFavourites = () => db.favourites.filter((favourite) => favourite.syncState !== undefined).delete();
/** Answers read from the server and kept for offline reading (the System Dashboard's, by period and view). */
const clearAccountCaches = () => db.meta.where('key').startsWith('adminDashboard:').delete();
const ACCOUNT_META_KEYS = [
  'notificationsPulledAt',
  'adminUsersPulledAt',
  'myOrdersPulledAt',
  'myPaymentsPulledAt',
  'changeCursor',
  'registryCopy',
  'registryBucketVersions',
];

export async function clearPersonalData(): Promise<void> {
  await db.transaction(
    'rw',
    [db.outbox, db.contactMessages, db.favourites, db.claimPhotoFiles, ...accountTables(), db.meta],
    async () => {
      await db.outbox.clear();
      // Claim photos the server has go; one still waiting stays until it is uploaded (docs/insurance.md).
      await db.claimPhotoFiles.where('state').equals('uploaded').delete();
      await Promise.all([
        db.contactMessages.clear(),
        clearAccountFavourites(),
        ...accountTables().map((table) => table.clear()),
      ]);
      await db.meta.bulkDelete(['lastSyncedAt', ...ACCOUNT_META_KEYS]);
      await clearAccountCaches();
    },
  );
}

/**
 * Another person signed in on this device: the previous person's copies go (their
 * unsent changes stay in the outbox, still theirs, until they sign in again or the
 * new user signs out).
 */
export async function clearAccountCopies(): Promise<void> {
  await db.transaction('rw', [...accountTables(), db.favourites, db.claimPhotoFiles, db.meta], async () => {
    await db.claimPhotoFiles.where('state').equals('uploaded').delete();
    await Promise.all([clearAccountFavourites(), ...accountTables().map((table) => table.clear())]);
    await db.meta.bulkDelete(ACCOUNT_META_KEYS);
    await clearAccountCaches();
  });
}
