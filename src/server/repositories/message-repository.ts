/**
 * Outgoing SMS and email as stored: queued with the notification that caused them, claimed by
 * a dispatcher, then sent or given up; and the sandbox provider's mailbox. What the states
 * mean and when a message is retried is the dispatcher's business (src/server/messages).
 */
import type { MessageChannelId, MessageStatusId } from '#domain/messages/sent-message';
import type { Queryable } from '../db/database';

export type MessageChannel = MessageChannelId;
export type MessageStatus = MessageStatusId;

export interface NewMessage {
  /** Null for a message to an email that has no account yet (the link to finish a sign-up). */
  userId: string | null;
  kind: string;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  link: string | null;
  /** An SMS answering a text sent to the service: the inbound message's id. */
  inReplyTo?: string | null;
}

/** The text a reply answers, as Sent messages shows it above the reply. */
export interface RepliedText {
  from: string;
  body: string;
  receivedAt: string;
}

export interface StoredMessage extends Omit<NewMessage, 'inReplyTo'> {
  id: string;
  status: MessageStatus;
  attempts: number;
  provider: string | null;
  providerRef: string | null;
  error: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  sentAt: string | null;
  /** Read only by the page of Sent messages; null elsewhere. */
  repliesTo: RepliedText | null;
}

interface MessageRow {
  id: string | number;
  user_id: string | null;
  kind: string;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  link: string | null;
  status: MessageStatus;
  attempts: number;
  provider: string | null;
  provider_ref: string | null;
  error: string | null;
  created_at: Date | string;
  next_attempt_at: Date | string | null;
  last_attempt_at: Date | string | null;
  sent_at: Date | string | null;
  reply_from?: string | null;
  reply_body?: string | null;
  reply_received_at?: Date | string | null;
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toMessage = (row: MessageRow): StoredMessage => ({
  id: String(row.id),
  userId: row.user_id,
  kind: row.kind,
  channel: row.channel,
  recipient: row.recipient,
  subject: row.subject,
  body: row.body,
  link: row.link,
  status: row.status,
  attempts: Number(row.attempts),
  provider: row.provider,
  providerRef: row.provider_ref,
  error: row.error,
  createdAt: new Date(row.created_at).toISOString(),
  nextAttemptAt: isoOrNull(row.next_attempt_at),
  lastAttemptAt: isoOrNull(row.last_attempt_at),
  sentAt: isoOrNull(row.sent_at),
  repliesTo:
    row.reply_from && row.reply_body !== null && row.reply_body !== undefined && row.reply_received_at
      ? { from: row.reply_from, body: row.reply_body, receivedAt: new Date(row.reply_received_at).toISOString() }
      : null,
});

export function messageRepository(db: Queryable) {
  return {
    /** Queues messages in the caller's transaction: they exist exactly when what caused them does. */
    async queue(messages: readonly NewMessage[]): Promise<void> {
      for (const message of messages) {
        await db.query(
          'INSERT INTO message_outbox (user_id, kind, channel, recipient, subject, body, link, in_reply_to) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [
            message.userId,
            message.kind,
            message.channel,
            message.recipient,
            message.subject,
            message.body,
            message.link,
            message.inReplyTo ?? null,
          ],
        );
      }
    },

    /**
     * Takes up to `limit` queued messages that are due at `at` and not held by another
     * dispatcher, holding them until `holdUntil` and counting the attempt. SKIP LOCKED lets
     * several server instances claim side by side without waiting on, or taking, each other's.
     */
    async claimDue(at: Date, holdUntil: Date, limit: number): Promise<StoredMessage[]> {
      const rows = await db.query<MessageRow>(
        `UPDATE message_outbox SET claimed_until = $2, attempts = attempts + 1, last_attempt_at = $1
         WHERE id IN (
           SELECT id FROM message_outbox
           WHERE status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= $1) AND (claimed_until IS NULL OR claimed_until <= $1)
           ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED
         )
         RETURNING *`,
        [at, holdUntil, limit],
      );
      return rows.map(toMessage).sort((a, b) => Number(a.id) - Number(b.id));
    },

    /** Records that the provider took the message; a message already sent is left as it was. */
    async markSent(id: string, sent: { provider: string; providerRef: string; at: Date }): Promise<boolean> {
      const rows = await db.query(
        `UPDATE message_outbox SET status = 'sent', provider = $2, provider_ref = $3, sent_at = $4, error = NULL, claimed_until = NULL, next_attempt_at = NULL
         WHERE id = $1 AND status = 'queued' RETURNING id`,
        [id, sent.provider, sent.providerRef, sent.at],
      );
      return rows.length > 0;
    },

    /** Records a failed attempt: queued again for `retryAt`, or failed for good when `retryAt` is null. */
    async markAttemptFailed(
      id: string,
      failure: { provider: string; error: string; retryAt: Date | null },
    ): Promise<void> {
      await db.query(
        `UPDATE message_outbox SET status = $2, provider = $3, error = $4, next_attempt_at = $5, claimed_until = NULL
         WHERE id = $1 AND status = 'queued'`,
        [id, failure.retryAt ? 'queued' : 'failed', failure.provider, failure.error, failure.retryAt],
      );
    },

    /** Newest first, `limit` at a time; `before` is the id of the last message of the previous page. */
    async page(options: {
      before: string | null;
      limit: number;
    }): Promise<{ messages: StoredMessage[]; hasMore: boolean; total: number }> {
      // One more than asked says whether an older page exists.
      const rows = await db.query<MessageRow>(
        `SELECT m.*, i.sender AS reply_from, i.body AS reply_body, i.received_at AS reply_received_at
         FROM message_outbox m LEFT JOIN inbound_messages i ON i.id = m.in_reply_to
         WHERE ($1::bigint IS NULL OR m.id < $1::bigint) ORDER BY m.id DESC LIMIT $2`,
        [options.before, options.limit + 1],
      );
      const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM message_outbox');
      return {
        messages: rows.slice(0, options.limit).map(toMessage),
        hasMore: rows.length > options.limit,
        total: count?.n ?? 0,
      };
    },
  };
}

export function sandboxMessageRepository(db: Queryable) {
  return {
    /** Stores a message once per key: a send repeated with the same key returns the first one's id. */
    async store(message: {
      messageKey: string;
      channel: MessageChannel;
      recipient: string;
      subject: string | null;
      body: string;
      /** An email's text/html part; null for an SMS. */
      html: string | null;
    }): Promise<string> {
      const [inserted] = await db.query<{ id: string | number }>(
        `INSERT INTO sandbox_messages (message_key, channel, recipient, subject, body, html) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (message_key) DO NOTHING RETURNING id`,
        [message.messageKey, message.channel, message.recipient, message.subject, message.body, message.html],
      );
      if (inserted) return String(inserted.id);
      const [existing] = await db.query<{ id: string | number }>(
        'SELECT id FROM sandbox_messages WHERE message_key = $1',
        [message.messageKey],
      );
      if (!existing) throw new Error(`sandbox message ${message.messageKey} vanished`);
      return String(existing.id);
    },
  };
}
