import type { Queryable } from '../db/database';

export interface Notification {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

interface NotificationRow {
  id: string | number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const toNotification = (row: NotificationRow): Notification => ({
  id: String(row.id),
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: new Date(row.created_at).toISOString(),
  readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
});

/** How many notifications a user keeps on their device; older ones stay on the server. */
export const NOTIFICATIONS_KEPT = 100;

export function notificationRepository(db: Queryable) {
  return {
    async create(
      userId: string,
      notification: { kind: string; title: string; body: string; link?: string | null },
    ): Promise<void> {
      await db.query('INSERT INTO notifications (user_id, kind, title, body, link) VALUES ($1, $2, $3, $4, $5)', [
        userId,
        notification.kind,
        notification.title,
        notification.body,
        notification.link ?? null,
      ]);
    },

    async recentFor(userId: string, limit = NOTIFICATIONS_KEPT): Promise<Notification[]> {
      const rows = await db.query<NotificationRow>(
        'SELECT * FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
        [userId, limit],
      );
      return rows.map(toNotification);
    },

    /** Marks the user's own notifications read; ids of other users' notifications change nothing. */
    async markRead(userId: string, ids: readonly string[]): Promise<number> {
      const rows = await db.query<{ id: string }>(
        'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND id = ANY($2::bigint[]) AND read_at IS NULL RETURNING id',
        [userId, ids],
      );
      return rows.length;
    },
  };
}
