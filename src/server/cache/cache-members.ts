/**
 * Public verdicts kept in memory by several instances on one PostgreSQL database, and never
 * answered from memory after a registry change has been acknowledged (decision 077).
 *
 * Each instance is a member: it listens for the registry's notices and for barriers on one
 * connection, and holds a lease (`verdict_cache_members`) renewed through that same connection.
 * It trusts its memory only until its last renewal, counted from when the renewal was sent, plus
 * the lease less a margin: an instance that stops hearing (a lost or starved connection, a
 * stalled process) stops answering from memory before the database lets its lease lapse.
 *
 * A write that changed the registry (its transaction was told so by migration 0047's trigger) is
 * held after its COMMIT until every member with a running lease has acknowledged a barrier sent
 * after it (`barrier`). PostgreSQL hands a listener its notices in the order their transactions
 * committed, and a member acknowledges a barrier only after it has handed every notice before it
 * to the cache; so once the writer's `await` returns, every member has emptied its memory, or
 * has stopped trusting it. A member that joins takes the last barrier as heard: its memory
 * starts empty and everything it reads is read after the barriers before it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';

export const REGISTRY_CHANGED = 'registry_changed';
const BARRIER = 'verdict_barrier';

export interface CacheMemberOptions {
  /** The cache emptied by each notice; trusted by this member only while `isTrusted()`. */
  cache: { changed(): void; listening(isListening: boolean): void };
  log: FastifyBaseLogger;
  /** How long a lease runs from its renewal, in the database's time. */
  leaseMs?: number;
  /** How often it is renewed. */
  renewMs?: number;
}

export interface CacheMember {
  /** Whether this member may answer from memory now. */
  isTrusted(): boolean;
  /** Resolves once every member with a running lease has heard everything committed before it was called. */
  barrier(): Promise<void>;
  stop(): Promise<void>;
}

/** Read before trusting a renewal: the lease ends this much sooner here than in the database. */
const MARGIN_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function joinCacheMembers(
  db: Database,
  { cache, log, leaseMs = 3000, renewMs = 1000 }: CacheMemberOptions,
): Promise<CacheMember> {
  if (!db.listen) throw new Error('verdicts are kept in memory only where the database can notify');
  const id = randomUUID();
  const lease = `${leaseMs} milliseconds`;
  /** The listening connection while it listens. */
  let on: Queryable | undefined;
  /** Until when (performance.now()) this member trusts its memory. */
  let trustedUntil = 0;
  let isStopped = false;

  /** Renews (or makes) the lease through `connection`; trusted from then on, counted from before it was sent. */
  const renew = async (connection: Queryable, isJoining: boolean) => {
    const sentAt = performance.now();
    const rows = isJoining
      ? await connection.query(
          `INSERT INTO verdict_cache_members (id, lease_until, acked)
           SELECT $1, clock_timestamp() + $2::interval, CASE WHEN is_called THEN last_value ELSE 0 END
           FROM verdict_barrier_seq
           ON CONFLICT (id) DO UPDATE SET lease_until = EXCLUDED.lease_until, acked = EXCLUDED.acked
           RETURNING id`,
          [id, lease],
        )
      : await connection.query(
          'UPDATE verdict_cache_members SET lease_until = clock_timestamp() + $2::interval WHERE id = $1 RETURNING id',
          [id, lease],
        );
    if (on !== connection) return;
    if (rows.length === 0) return renew(connection, true);
    const wasTrusted = isTrusted();
    trustedUntil = sentAt + leaseMs - MARGIN_MS;
    // Memory that was not trusted for a while may have missed a notice: it starts empty.
    if (!wasTrusted) cache.listening(true);
  };
  const isTrusted = () => on !== undefined && performance.now() < trustedUntil;

  const stopListening = await db.listen([REGISTRY_CHANGED, BARRIER], {
    notified(channel, payload) {
      if (channel === REGISTRY_CHANGED) return cache.changed();
      // Every notice before this barrier has been handed to the cache above.
      on?.query('UPDATE verdict_cache_members SET acked = greatest(acked, $2) WHERE id = $1', [id, payload]).catch(
        (error: unknown) => log.warn({ err: error }, 'a verdict barrier could not be acknowledged'),
      );
    },
    listening(isListening, connection) {
      on = isListening ? connection : undefined;
      trustedUntil = 0;
      cache.listening(false);
      if (on)
        void renew(on, true).catch((error: unknown) => log.warn({ err: error }, 'the verdict lease was not taken'));
    },
  });
  const renewal = setInterval(() => {
    if (on)
      void renew(on, false).catch((error: unknown) => log.warn({ err: error }, 'the verdict lease was not renewed'));
  }, renewMs);
  renewal.unref();

  return {
    isTrusted,
    async barrier() {
      const [sent] = await db.query<{ n: string }>(
        `SELECT n::text AS n, pg_notify('${BARRIER}', n::text) FROM (SELECT nextval('verdict_barrier_seq') AS n) AS next`,
      );
      // A member that hears nothing more stops being waited for once its lease runs out.
      const giveUpAt = Date.now() + 2 * leaseMs;
      for (let wait = 1; ; wait = Math.min(wait * 2, 20)) {
        const [left] = await db.query<{ behind: number }>(
          'SELECT count(*)::int AS behind FROM verdict_cache_members WHERE acked < $1 AND lease_until > clock_timestamp()',
          [sent?.n],
        );
        if (!left || left.behind === 0 || isStopped) return;
        if (Date.now() > giveUpAt) {
          log.error({ behind: left.behind }, 'instances holding verdict leases did not acknowledge a registry change');
          return;
        }
        await sleep(wait);
      }
    },
    async stop() {
      isStopped = true;
      clearInterval(renewal);
      await db.query('DELETE FROM verdict_cache_members WHERE id = $1', [id]).catch(() => undefined);
      await stopListening();
    },
  };
}
