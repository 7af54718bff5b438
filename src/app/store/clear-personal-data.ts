/** Removes what a signed-in person left on this device; public copies (the marketplace) stay. */
import { db } from './database';

export async function clearPersonalData(): Promise<void> {
  await db.transaction('rw', db.outbox, db.contactMessages, db.meta, async () => {
    await db.outbox.clear();
    await db.contactMessages.clear();
    await db.meta.delete('lastSyncedAt');
  });
}
