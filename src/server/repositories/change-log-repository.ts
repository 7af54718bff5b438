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
  /** On a first page (cursor at the start): changes still to come after it, for a progress bar; otherwise 0. */
  remaining: number;
}

interface ChangeRow {
  seq: string;
  txid: string;
  entity: string;
  entity_id: string;
  op: ChangeOp;
  data: Record<string, unknown> | null;
}

/** Rows read per step of the walk along the log, at least a page and the row after it. */
const WALK_CHUNK = 2000;

export function changeLogRepository(db: Queryable) {
  return {
    async record(scopes: readonly string[], entity: string, id: string, op: ChangeOp, data: Record<string, unknown> | null): Promise<void> {
      await db.query('INSERT INTO change_log (scopes, entity, entity_id, op, data) VALUES ($1::text[], $2, $3, $4, $5)', [scopes, entity, id, op, data === null ? null : JSON.stringify(data)]);
    },

    async page(scopes: readonly string[], after: { txid: string; seq: string }, limit: number): Promise<ChangePage> {
      // Every transaction below the fence has finished, and all its rows are visible to the next statement.
      const [fence] = await db.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin');
      const xmin = fence?.xmin ?? '0';
      // Walk the log in order along its (txid, seq) index, keeping this user's scopes.
      // (A filter on the scopes in SQL lets the planner sort the whole log instead.)
      const wanted = new Set(scopes);
      // A page and the row that says whether more follow, in one step when the user sees all of them.
      const chunkSize = Math.max(WALK_CHUNK, limit + 1);
      const rows: ChangeRow[] = [];
      let from = after;
      for (;;) {
        const chunk = await db.query<ChangeRow & { scopes: string[] }>(
          // Ordered by the columns, not the text aliases of the same names.
          `SELECT seq::text, txid::text, scopes, entity, entity_id, op, data FROM change_log
           WHERE (txid, seq) > ($1::text::xid8, $2::bigint) AND txid < $3::text::xid8
           ORDER BY change_log.txid, change_log.seq
           LIMIT $4`,
          [from.txid, from.seq, xmin, chunkSize],
        );
        for (const row of chunk) if (row.scopes.some((scope) => wanted.has(scope))) rows.push(row);
        const lastWalked = chunk.at(-1);
        if (rows.length > limit || chunk.length < chunkSize || !lastWalked) break;
        from = { txid: lastWalked.txid, seq: lastWalked.seq };
      }
      const hasMore = rows.length > limit;
      const given = rows.slice(0, limit);
      const last = given.at(-1);
      const next = hasMore && last ? { txid: last.txid, seq: last.seq } : { txid: maxXid(xmin, after.txid), seq: '0' };
      // Counted on a pull's first page only (it walks every change still to come); the device counts down from it.
      let remaining = 0;
      if (hasMore && last && after.txid === '0') {
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
