import type { ContactMessage } from '#domain/contact/contact-message';
import type { Queryable } from '../db/database';

export interface StoredContactMessage extends ContactMessage {
  id: string;
  receivedAt: string;
}

export function contactRepository(db: Queryable) {
  return {
    /** Idempotent by id: a message sent again from a device's outbox is stored once. */
    async save(id: string, message: ContactMessage): Promise<{ created: boolean }> {
      const rows = await db.query(
        `INSERT INTO contact_messages (id, name, email, subject, message)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING
         RETURNING id`,
        [id, message.name, message.email, message.subject, message.message],
      );
      return { created: rows.length > 0 };
    },

    async findById(id: string): Promise<StoredContactMessage | undefined> {
      const rows = await db.query<{ id: string; name: string; email: string; subject: string; message: string; received_at: Date }>(
        'SELECT id, name, email, subject, message, received_at FROM contact_messages WHERE id = $1',
        [id],
      );
      const row = rows[0];
      return row && { id: row.id, name: row.name, email: row.email, subject: row.subject, message: row.message, receivedAt: new Date(row.received_at).toISOString() };
    },

    async count(): Promise<number> {
      const rows = await db.query<{ count: string | number }>('SELECT count(*) AS count FROM contact_messages');
      return Number(rows[0]?.count ?? 0);
    },
  };
}
