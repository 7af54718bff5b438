import type { Queryable } from '../db/database';

export interface ThrottlePolicy {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/**
 * Failed attempts per key (an email, `password:<user>`): after maxFailures within the
 * window, the key is locked for a while.
 */
export function throttleRepository(db: Queryable) {
  return {
    /**
     * Counts an attempt before its verdict, in one statement, so attempts sent at the same
     * moment are counted one after another: the one past maxFailures in the window locks
     * the key and is refused, and so is every one while it is locked. Returns the seconds
     * left on the lock, or 0 when this attempt may be checked. A success then clears the
     * count (`clear`); a failure leaves it counted.
     */
    async attempt(key: string, policy: ThrottlePolicy): Promise<number> {
      const rows = await db.query<{ seconds: number }>(
        `INSERT INTO sign_in_throttle AS t (email, failures, first_failure_at) VALUES (lower($1), 1, now())
         ON CONFLICT (email) DO UPDATE SET
           failures = CASE
             WHEN t.locked_until > now() THEN t.failures
             WHEN t.first_failure_at < now() - make_interval(secs => $2) THEN 1
             ELSE t.failures + 1 END,
           first_failure_at = CASE
             WHEN t.locked_until > now() THEN t.first_failure_at
             WHEN t.first_failure_at < now() - make_interval(secs => $2) THEN now()
             ELSE t.first_failure_at END,
           locked_until = CASE
             WHEN t.locked_until > now() THEN t.locked_until
             WHEN t.first_failure_at >= now() - make_interval(secs => $2) AND t.failures + 1 > $3 THEN now() + make_interval(secs => $4)
             ELSE t.locked_until END
         RETURNING CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()))::int ELSE 0 END AS seconds`,
        [key, policy.windowSeconds, policy.maxFailures, policy.lockSeconds],
      );
      return rows[0]?.seconds ?? 0;
    },

    /** Seconds until the lock ends, or 0 when sign-in may be tried. */
    async lockedFor(email: string): Promise<number> {
      const rows = await db.query<{ seconds: number }>(
        `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds FROM sign_in_throttle WHERE email = lower($1) AND locked_until > now()`,
        [email],
      );
      return rows[0]?.seconds ?? 0;
    },

    async recordFailure(email: string, policy: ThrottlePolicy): Promise<void> {
      await db.query(
        `INSERT INTO sign_in_throttle (email, failures, first_failure_at) VALUES (lower($1), 1, now())
         ON CONFLICT (email) DO UPDATE SET
           failures = CASE WHEN sign_in_throttle.first_failure_at < now() - make_interval(secs => $2) THEN 1 ELSE sign_in_throttle.failures + 1 END,
           first_failure_at = CASE WHEN sign_in_throttle.first_failure_at < now() - make_interval(secs => $2) THEN now() ELSE sign_in_throttle.first_failure_at END`,
        [email, policy.windowSeconds],
      );
      await db.query(
        `UPDATE sign_in_throttle SET locked_until = now() + make_interval(secs => $3), failures = 0, first_failure_at = now()
         WHERE email = lower($1) AND failures >= $2`,
        [email, policy.maxFailures, policy.lockSeconds],
      );
    },

    async clear(email: string): Promise<void> {
      await db.query('DELETE FROM sign_in_throttle WHERE email = lower($1)', [email]);
    },
  };
}
