/**
 * The one way the server tells a user something: a notification in their dashboard (the
 * header counts the unread ones), and the same news by email and, when the account has a
 * phone number, by SMS, unless they turned that topic off for that channel in Settings
 * (src/domain/notifications/preferences.ts; security messages always go). Called inside the transaction of what happened, so a notification
 * and its messages exist exactly when their event does; the messages are sent after the
 * transaction commits (src/server/messages/dispatcher.ts).
 */
import { wantsMessage } from '#domain/notifications/preferences';
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
  const recipient = await userRepository(tx).noticeRecipient(userId);
  if (!recipient) return;
  await notificationRepository(tx).create(userId, notification);
  const wanted = messagesFor(recipient, notification).filter((message) =>
    wantsMessage(recipient.preferences, message.kind, message.channel),
  );
  await messageRepository(tx).queue(wanted);
  noteMessagesQueued();
}
