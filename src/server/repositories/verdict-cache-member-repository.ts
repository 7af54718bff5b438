/**
 * The instances keeping public verdicts in memory on PostgreSQL, their leases and the barriers
 * a registry write waits behind (`verdict_cache_members`, `verdict_barrier_seq`; decision 077).
 * The lease and acknowledgement statements are sent on the member's listening connection.
 */
import type { Queryable } from '../db/database';

export const VERDICT_BARRIER = 'verdict_barrier';

export function verdictCacheMemberRepository(db: Queryable) {
  return {
    /**
     * Takes (or takes again) `id`'s lease for `leaseMs` in the database's clock, the last barrier
     * sent so far counted as heard (a member joining starts with nothing in memory).
     */
    async join(id: string, leaseMs: number): Promise<void> {
      await db.query(
        `INSERT INTO verdict_cache_members (id, lease_until, acked)
         SELECT $1, clock_timestamp() + make_interval(secs => $2::float / 1000), CASE WHEN is_called THEN last_value ELSE 0 END
         FROM verdict_barrier_seq
         ON CONFLICT (id) DO UPDATE SET lease_until = EXCLUDED.lease_until, acked = EXCLUDED.acked`,
        [id, leaseMs],
      );
    },

    /** Renews `id`'s lease; false when it has none (taken away meanwhile). */
    async renew(id: string, leaseMs: number): Promise<boolean> {
      const rows = await db.query(
        `UPDATE verdict_cache_members SET lease_until = clock_timestamp() + make_interval(secs => $2::float / 1000)
         WHERE id = $1 RETURNING id`,
        [id, leaseMs],
      );
      return rows.length > 0;
    },

    /** `id` has heard barrier `barrier`, and every notice sent before it. */
    async acknowledge(id: string, barrier: string): Promise<void> {
      await db.query('UPDATE verdict_cache_members SET acked = greatest(acked, $2::bigint) WHERE id = $1', [
        id,
        barrier,
      ]);
    },

    /** Sends the next barrier to every listening member; its number. */
    async sendBarrier(): Promise<string> {
      const [sent] = await db.query<{ n: string }>(
        `SELECT n::text AS n, pg_notify('${VERDICT_BARRIER}', n::text) FROM (SELECT nextval('verdict_barrier_seq') AS n) AS next`,
      );
      return sent?.n ?? '0';
    },

    /** How many members with a running lease have not yet heard barrier `barrier`. */
    async behind(barrier: string): Promise<number> {
      const [left] = await db.query<{ behind: number }>(
        'SELECT count(*)::int AS behind FROM verdict_cache_members WHERE acked < $1::bigint AND lease_until > clock_timestamp()',
        [barrier],
      );
      return left?.behind ?? 0;
    },

    async leave(id: string): Promise<void> {
      await db.query('DELETE FROM verdict_cache_members WHERE id = $1', [id]);
    },
  };
}
