/** "Forgot password?" links: stored by the hash of their token, used at most once, before they expire. */
import type { Queryable } from '../db/database';
import { hashToken } from './session-repository';

export function passwordResetRepository(db: Queryable) {
  return {
    /** Records a new link for the user and voids any earlier one still unused. */
    async create(token: string, userId: string, expiresAt: Date): Promise<void> {
      await db.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
      await db.query('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
        hashToken(token),
        userId,
        expiresAt,
      ]);
    },

    /** Uses the link up: its user when it was unused and not expired, otherwise undefined. One statement, so two tries cannot both win. */
    async consume(token: string, at: Date): Promise<string | undefined> {
      const rows = await db.query<{ user_id: string }>(
        'UPDATE password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id',
        [hashToken(token), at],
      );
      return rows[0]?.user_id;
    },
  };
}
