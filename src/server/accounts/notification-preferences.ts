/**
 * A person chooses which messages reach them by email and SMS (Settings). Only for their own
 * account; the change is audited with what it was. Security messages are not a choice: the
 * preferences have no topic for them (src/domain/notifications/preferences.ts).
 */
import type { NotificationPreferences } from '#domain/notifications/preferences';
import type { Database } from '../db/database';
import { auditRepository } from '../repositories/audit-repository';
import { userRepository } from '../repositories/user-repository';

export async function changeNotificationPreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreferences,
  by: { ip: string },
): Promise<NotificationPreferences> {
  return db.transaction(async (tx) => {
    const users = userRepository(tx);
    const before = await users.notificationPreferences(userId);
    await users.setNotificationPreferences(userId, preferences);
    await auditRepository(tx).record({
      actorId: userId,
      action: 'account.notification-preferences',
      target: userId,
      detail: { before, after: preferences },
      ip: by.ip,
    });
    return preferences;
  });
}
