/**
 * The change log devices pull from. Writers record each change to a kept row, with
 * the scopes that may see it, inside their own transaction; readers page through it with a cursor of
 * (transaction id, sequence) fenced below the oldest transaction still running.
 * Why a transaction-id fence and not a sequence cursor: see docs/sync-protocol.md.
 */
import type { Queryable } from '../db/database';

export type ChangeOp = 'put' | 'delete';

export interface Change {
  entity: string;
  id: string;
  op: ChangeOp;
  data: Record<string, unknown> | null;
}

export interface ChangePage {
  changes: Change[];
  /** Where the next page starts: the last change given, or the fence when nothing below it is left. */
  next: { txid: string; seq: string };
  hasMore: boolean;
  /** Changes below the fence still to come after this page (for a progress bar). */
  remaining: number;
}

export function changeLogRepository(db: Queryable) {
  return {
    async record(scopes: readonly string[], entity: string, id: string, op: ChangeOp, data: Record<string, unknown> | null): Promise<void> {
      await db.query('INSERT INTO change_log (scopes, entity, entity_id, op, data) VALUES ($1::text[], $2, $3, $4, $5)', [scopes, entity, id, op, data === null ? null : JSON.stringify(data)]);
    },

    async page(scopes: readonly string[], after: { txid: string; seq: string }, limit: number): Promise<ChangePage> {
      // Every transaction below the fence has finished, and all its rows are visible to the next statement.
      const [fence] = await db.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin');
      const xmin = fence?.xmin ?? '0';
      const rows = await db.query<{ seq: string; txid: string; entity: string; entity_id: string; op: ChangeOp; data: Record<string, unknown> | null }>(
        // Ordered by the columns, not the text aliases of the same names.
        `SELECT seq::text, txid::text, entity, entity_id, op, data FROM change_log
         WHERE scopes && $1::text[] AND (txid, seq) > ($2::text::xid8, $3::bigint) AND txid < $4::text::xid8
         ORDER BY change_log.txid, change_log.seq
         LIMIT $5`,
        [scopes, after.txid, after.seq, xmin, limit + 1],
      );
      const hasMore = rows.length > limit;
      const given = rows.slice(0, limit);
      const last = given.at(-1);
      const next = hasMore && last ? { txid: last.txid, seq: last.seq } : { txid: maxXid(xmin, after.txid), seq: '0' };
      let remaining = 0;
      if (hasMore && last) {
        const [count] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM change_log
           WHERE scopes && $1::text[] AND (txid, seq) > ($2::text::xid8, $3::bigint) AND txid < $4::text::xid8`,
          [scopes, last.txid, last.seq, xmin],
        );
        remaining = count?.n ?? 0;
      }
      return { changes: given.map((row) => ({ entity: row.entity, id: row.entity_id, op: row.op, data: row.data })), next, hasMore, remaining };
    },
  };
}

/** The larger of two transaction ids written as decimal text (xid8 values exceed 2^53). */
function maxXid(a: string, b: string): string {
  return BigInt(a) >= BigInt(b) ? a : b;
}
