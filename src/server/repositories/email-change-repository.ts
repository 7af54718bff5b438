/** Email changes waiting for their link: stored by the hash of their token, used at most once, before they expire. */
import type { Queryable } from '../db/database';
import { hashToken } from './session-repository';

export type EmailChangeKind = 'confirm' | 'undo';

export interface EmailChange {
  userId: string;
  oldEmail: string;
  newEmail: string;
}

export function emailChangeRepository(db: Queryable) {
  return {
    /** Records a link; a newer link of the same kind voids an earlier one still unused. */
    async create(token: string, kind: EmailChangeKind, change: EmailChange, expiresAt: Date): Promise<void> {
      await db.query('UPDATE email_changes SET used_at = now() WHERE user_id = $1 AND kind = $2 AND used_at IS NULL', [
        change.userId,
        kind,
      ]);
      await db.query(
        'INSERT INTO email_changes (token_hash, user_id, kind, old_email, new_email, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [hashToken(token), change.userId, kind, change.oldEmail, change.newEmail, expiresAt],
      );
    },

    /** Uses the link up: the change when it was unused and not expired. One statement, so two tries cannot both win. */
    async consume(token: string, kind: EmailChangeKind, at: Date): Promise<EmailChange | undefined> {
      const [row] = await db.query<{ user_id: string; old_email: string; new_email: string }>(
        'UPDATE email_changes SET used_at = $3 WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3 RETURNING user_id, old_email, new_email',
        [hashToken(token), kind, at],
      );
      return row ? { userId: row.user_id, oldEmail: row.old_email, newEmail: row.new_email } : undefined;
    },
  };
}
