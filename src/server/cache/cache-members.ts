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
import { VERDICT_BARRIER, verdictCacheMemberRepository } from '../repositories/verdict-cache-member-repository';

export const REGISTRY_CHANGED = 'registry_changed';

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
  /** The listening connection while it listens. */
  let on: Queryable | undefined;
  /** Until when (performance.now()) this member trusts its memory. */
  let trustedUntil = 0;
  let isStopped = false;
  const members = verdictCacheMemberRepository(db);

  /** Renews (or takes) the lease through `connection`; trusted from then on, counted from before it was sent. */
  const renew = async (connection: Queryable, isJoining: boolean): Promise<void> => {
    const sentAt = performance.now();
    const leases = verdictCacheMemberRepository(connection);
    if (isJoining) await leases.join(id, leaseMs);
    else if (!(await leases.renew(id, leaseMs))) return renew(connection, true);
    if (on !== connection) return;
    const wasTrusted = isTrusted();
    trustedUntil = sentAt + leaseMs - MARGIN_MS;
    // Memory that was not trusted for a while may have missed a notice: it starts empty.
    if (!wasTrusted) cache.listening(true);
  };
  const isTrusted = () => on !== undefined && performance.now() < trustedUntil;

  const stopListening = await db.listen([REGISTRY_CHANGED, VERDICT_BARRIER], {
    notified(channel, payload) {
      if (channel === REGISTRY_CHANGED) return cache.changed();
      // Every notice before this barrier has been handed to the cache above.
      if (on)
        verdictCacheMemberRepository(on)
          .acknowledge(id, payload)
          .catch((error: unknown) => log.warn({ err: error }, 'a verdict barrier could not be acknowledged'));
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
      const barrier = await members.sendBarrier();
      // A member that hears nothing more stops being waited for once its lease runs out.
      const giveUpAt = Date.now() + 2 * leaseMs;
      for (let wait = 1; ; wait = Math.min(wait * 2, 20)) {
        const behind = await members.behind(barrier);
        if (behind === 0 || isStopped) return;
        if (Date.now() > giveUpAt) {
          log.error({ behind }, 'instances holding verdict leases did not acknowledge a registry change');
          return;
        }
        await sleep(wait);
      }
    },
    async stop() {
      isStopped = true;
      clearInterval(renewal);
      await members.leave(id).catch(() => undefined);
      await stopListening();
    },
  };
}
