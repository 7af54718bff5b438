import type { Queryable } from '../db/database';

export interface ThrottlePolicy {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** Failed sign-ins per email: after maxFailures within the window, the email is locked for a while. */
export function throttleRepository(db: Queryable) {
  return {
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
