import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { type User, userRepository } from './user-repository';

/** How often a session in use has its last-seen time written (use). */
const TOUCH_EVERY_SECONDS = 60;

/** Only a hash of the token is stored: a copy of the table does not let anyone sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A session as its account holder sees it in Settings. */
export interface SessionView {
  id: string;
  device: string;
  startedAt: string;
  lastUsedAt: string;
  isCurrent: boolean;
}

export function sessionRepository(db: Queryable) {
  return {
    /** `device` names the browser and system it was started on ("Chrome on Android"). */
    async create(token: string, userId: string, expiresAt: Date, device: string | null = null): Promise<void> {
      await db.query(
        'INSERT INTO sessions (token_hash, user_id, expires_at, public_id, device) VALUES ($1, $2, $3, $4, $5)',
        [hashToken(token), userId, expiresAt, randomBytes(8).toString('hex'), device],
      );
    },

    /** A user's live sessions, the most recently used first; `current` is the one whose token is given. */
    async listForUser(userId: string, currentToken: string | undefined): Promise<SessionView[]> {
      const rows = await db.query<{
        public_id: string;
        device: string | null;
        created_at: Date | string;
        last_seen_at: Date | string;
        is_current: boolean;
      }>(
        `SELECT public_id, device, created_at, last_seen_at, token_hash = $2 AS is_current FROM sessions
         WHERE user_id = $1 AND expires_at > now() ORDER BY last_seen_at DESC, public_id LIMIT 100`,
        [userId, currentToken === undefined ? '' : hashToken(currentToken)],
      );
      return rows.map((row) => ({
        id: row.public_id,
        device: row.device ?? 'Unknown device',
        startedAt: new Date(row.created_at).toISOString(),
        lastUsedAt: new Date(row.last_seen_at).toISOString(),
        isCurrent: row.is_current,
      }));
    },

    /** Ends one of the user's sessions by its public id; false when it is not theirs or already ended. */
    async endForUser(userId: string, publicId: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM sessions WHERE user_id = $1 AND public_id = $2 RETURNING 1', [
        userId,
        publicId,
      ]);
      return rows.length > 0;
    },

    /**
     * The user of a live session, with their roles, sliding its idle expiry forward; undefined
     * when expired or unknown. One statement, as every signed-in request starts with it. Written
     * at most once every TOUCH_EVERY_SECONDS (a twentieth of the idle limit if that is shorter):
     * a device's requests come many a second, and each one writing the session's row queued
     * them all on its lock (a shop's pushes from several tablets signed in as one account
     * waited 4 ms each on it).
     */
    async userOf(token: string, idleSeconds: number): Promise<User | undefined> {
      return userRepository(db).findOfSession(
        `WITH live AS (
           SELECT token_hash, user_id, last_seen_at FROM sessions
           WHERE token_hash = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(secs => $2)),
         touched AS (
           UPDATE sessions SET last_seen_at = now() FROM live
           WHERE sessions.token_hash = live.token_hash AND live.last_seen_at <= now() - make_interval(secs => $3))`,
        [hashToken(token), idleSeconds, Math.min(TOUCH_EVERY_SECONDS, idleSeconds / 20)],
      );
    },

    /** Ends every session of a user, or every one but the token given (after a password change). */
    async deleteForUser(userId: string, exceptToken?: string): Promise<number> {
      const rows = await db.query<{ token_hash: string }>(
        'DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash',
        [userId, exceptToken === undefined ? '' : hashToken(exceptToken)],
      );
      return rows.length;
    },

    async delete(token: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
    },
  };
}
