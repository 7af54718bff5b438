/**
 * The one way the server tells a user something: a notification in their dashboard (the
 * header counts the unread ones), and the same news by email and, when the account has a
 * phone number, by SMS. Called inside the transaction of what happened, so a notification
 * and its messages exist exactly when their event does; the messages are sent after the
 * transaction commits (src/server/messages/dispatcher.ts).
 */
import type { Queryable } from '../db/database';
import { messagesFor } from '../messages/message-text';
import { noteMessagesQueued } from '../messages/outbox-signal';
import { messageRepository } from '../repositories/message-repository';
import { notificationRepository } from '../repositories/notification-repository';
import { userRepository } from '../repositories/user-repository';

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link?: string | null;
}

/** Tells the user; an account deleted since has nobody to tell, and is skipped. */
export async function notify(tx: Queryable, userId: string, notification: NewNotification): Promise<void> {
  const user = await userRepository(tx).findById(userId);
  if (!user) return;
  await notificationRepository(tx).create(userId, notification);
  await messageRepository(tx).queue(messagesFor(user, notification));
  noteMessagesQueued();
}
