/** Removes what a signed-in person left on this device; public copies (the marketplace) stay. */
import { db } from './database';

export async function clearPersonalData(): Promise<void> {
  await db.transaction('rw', [db.outbox, db.contactMessages, db.adminUsers, db.notifications, db.profiles, db.meta], async () => {
    await db.outbox.clear();
    await Promise.all([db.contactMessages.clear(), db.adminUsers.clear(), db.notifications.clear(), db.profiles.clear()]);
    await db.meta.bulkDelete(['lastSyncedAt', 'notificationsPulledAt', 'adminUsersPulledAt']);
  });
}

/**
 * Another person signed in on this device: the previous person's copies go (their
 * unsent changes stay in the outbox, still theirs, until they sign in again or the
 * new user signs out).
 */
export async function clearAccountCopies(): Promise<void> {
  await db.transaction('rw', [db.adminUsers, db.notifications, db.profiles, db.meta], async () => {
    await Promise.all([db.adminUsers.clear(), db.notifications.clear(), db.profiles.clear()]);
    await db.meta.bulkDelete(['notificationsPulledAt', 'adminUsersPulledAt']);
  });
}
