/** Texts sent to the service's number (table `inbound_messages`), each stored once per provider's id. */
import type { Queryable } from '../db/database';

export interface NewInboundMessage {
  channel: 'sms';
  sender: string;
  body: string;
  provider: string;
  /** The provider's own id for the message; null when it gives none. */
  providerRef: string | null;
}

export function inboundMessageRepository(db: Queryable) {
  return {
    /** The stored message's id, or null when the provider delivered this one before. */
    async store(message: NewInboundMessage, at: Date): Promise<string | null> {
      const [row] = await db.query<{ id: string | number }>(
        `INSERT INTO inbound_messages (channel, sender, body, provider, provider_ref, received_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (provider, provider_ref) DO NOTHING RETURNING id`,
        [message.channel, message.sender, message.body, message.provider, message.providerRef, at.toISOString()],
      );
      return row ? String(row.id) : null;
    },
  };
}
