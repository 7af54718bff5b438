/**
 * The one way the server tells a user something: a notification in their dashboard
 * (the header counts the unread ones). Called inside the transaction of what happened,
 * so a notification exists exactly when its event does.
 */
import type { Queryable } from '../db/database';
import { notificationRepository } from '../repositories/notification-repository';

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link?: string | null;
}

/** Tells the user; an account deleted since has nobody to tell, and is skipped. */
export async function notify(tx: Queryable, userId: string, notification: NewNotification): Promise<void> {
  const [exists] = await tx.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  if (!exists) return;
  await notificationRepository(tx).create(userId, notification);
}
