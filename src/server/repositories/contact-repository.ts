import type { ContactMessage } from '#domain/contact/contact-message';
import type { Queryable } from '../db/database';

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
  };
}
