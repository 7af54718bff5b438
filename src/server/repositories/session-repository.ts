import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';

/** Only a hash of the token is stored: a copy of the table does not let anyone sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sessionRepository(db: Queryable) {
  return {
    async create(token: string, userId: string, expiresAt: Date): Promise<void> {
      await db.query('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [hashToken(token), userId, expiresAt]);
    },

    /** The user of a live session, sliding its idle expiry forward; undefined when expired or unknown. */
    async use(token: string, idleSeconds: number): Promise<string | undefined> {
      const rows = await db.query<{ user_id: string }>(
        `UPDATE sessions SET last_seen_at = now()
         WHERE token_hash = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(secs => $2)
         RETURNING user_id`,
        [hashToken(token), idleSeconds],
      );
      return rows[0]?.user_id;
    },

    /** Ends every session of a user, or every one but the token given (after a password change). */
    async deleteForUser(userId: string, exceptToken?: string): Promise<number> {
      const rows = await db.query<{ token_hash: string }>('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash', [
        userId,
        exceptToken === undefined ? '' : hashToken(exceptToken),
      ]);
      return rows.length;
    },

    async delete(token: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
    },
  };
}
