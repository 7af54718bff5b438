/**
 * The change log devices pull from. Writers record each change to a kept row, with
 * the scopes that may see it, inside their own transaction; readers page through it with a cursor of
 * (transaction id, sequence) fenced below the oldest transaction still running.
 * Why a transaction-id fence and not a sequence cursor: see docs/sync-protocol.md.
 */
import type { Queryable } from '../db/database';

export type ChangeOp = 'put' | 'delete';

/** One change for the log: the row (entity and id), what happened to it, and the scopes that may see it. */
export interface LoggedChange {
  scopes: readonly string[];
  entity: string;
  id: string;
  op: ChangeOp;
  data: Record<string, unknown> | null;
}

export interface ChangePage {
  /**
   * The page's changes as a JSON array, each `{"entity","id","op","data"}` in log order, made
   * by the database: the route sends this text as it is, so a page of thousands of changes
   * is neither parsed nor written again here.
   */
  changesJson: string;
  /** How many changes the page holds. */
  count: number;
  /** Where the next page starts: the last change given, or the fence when nothing below it is left. */
  next: { txid: string; seq: string };
  hasMore: boolean;
  /** On a first page (cursor at the start): changes still to come after it, for a progress bar; otherwise 0. */
  remaining: number;
}

/** One step of the walk, summed up by the database in one row. */
interface WalkStep {
  walked: number;
  walked_txid: string | null;
  walked_seq: string | null;
  kept: number;
  given_txid: string | null;
  given_seq: string | null;
  changes: string | null;
}

/** Rows read per step of the walk along the log, at least a page and the row after it. */
const WALK_CHUNK = 2000;

/**
 * The log's insert for the rows of a WITH query (`source`: scopes text[], entity, entity_id, op,
 * data jsonb, ord), for a writer that logs what it writes in the same statement: one round trip
 * to the database fewer (agent-repository's whitebook entries).
 */
export function logRowsOf(source: string): string {
  return `INSERT INTO change_log (scopes, entity, entity_id, op, data)
    SELECT scopes, entity, entity_id, op, data FROM ${source} ORDER BY ord`;
}

export function changeLogRepository(db: Queryable) {
  return {
    async record(
      scopes: readonly string[],
      entity: string,
      id: string,
      op: ChangeOp,
      data: Record<string, unknown> | null,
    ): Promise<void> {
      await db.query(
        'INSERT INTO change_log (scopes, entity, entity_id, op, data) VALUES ($1::text[], $2, $3, $4, $5)',
        [scopes, entity, id, op, data === null ? null : JSON.stringify(data)],
      );
    },

    /** Many changes in one statement, logged in the order given (each may have scopes of its own). */
    async recordMany(changes: readonly LoggedChange[]): Promise<void> {
      if (changes.length === 0) return;
      await db.query(
        `WITH given AS (
           SELECT ARRAY(SELECT scope FROM jsonb_array_elements_text(t.scopes) WITH ORDINALITY AS s(scope, n) ORDER BY n) AS scopes,
                  t.entity, t.entity_id, t.op, t.data, t.ord
           FROM unnest($1::jsonb[], $2::text[], $3::text[], $4::text[], $5::jsonb[]) WITH ORDINALITY
             AS t(scopes, entity, entity_id, op, data, ord))
         ${logRowsOf('given')}`,
        [
          changes.map((change) => JSON.stringify(change.scopes)),
          changes.map((change) => change.entity),
          changes.map((change) => change.id),
          changes.map((change) => change.op),
          changes.map((change) => (change.data === null ? null : JSON.stringify(change.data))),
        ],
      );
    },

    async page(scopes: readonly string[], after: { txid: string; seq: string }, limit: number): Promise<ChangePage> {
      // Every transaction below the fence has finished, and all its rows are visible to the next statement.
      const [fence] = await db.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin');
      const xmin = fence?.xmin ?? '0';
      // A page and the row that says whether more follow, in one step when the user sees all of them.
      const chunkSize = Math.max(WALK_CHUNK, limit + 1);
      const parts: string[] = [];
      let count = 0;
      let lastGiven: { txid: string; seq: string } | null = null;
      let hasMore = false;
      let from = after;
      for (;;) {
        const [step] = await db.query<WalkStep>(WALK_STEP, [
          from.txid,
          from.seq,
          xmin,
          chunkSize,
          scopes,
          limit - count,
        ]);
        if (!step) break;
        if (step.changes) parts.push(step.changes);
        const taken = Math.min(step.kept, limit - count);
        count += taken;
        if (step.given_txid !== null && step.given_seq !== null)
          lastGiven = { txid: step.given_txid, seq: step.given_seq };
        if (step.kept > taken) {
          hasMore = true;
          break;
        }
        if (step.walked < chunkSize || step.walked_txid === null || step.walked_seq === null) break;
        from = { txid: step.walked_txid, seq: step.walked_seq };
      }
      const next = hasMore && lastGiven ? lastGiven : { txid: maxXid(xmin, after.txid), seq: '0' };
      // Counted on a pull's first page only (it walks every change still to come); the device counts down from it.
      let remaining = 0;
      if (hasMore && lastGiven && after.txid === '0') {
        const [counted] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM change_log
           WHERE scopes && $1::text[] AND (txid, seq) > ($2::text::xid8, $3::bigint) AND txid < $4::text::xid8`,
          [scopes, lastGiven.txid, lastGiven.seq, xmin],
        );
        remaining = counted?.n ?? 0;
      }
      return { changesJson: `[${parts.join(',')}]`, count, next, hasMore, remaining };
    },
  };
}

/**
 * One step of a pull's walk along the log, answered in one row: the next rows in (txid, seq)
 * order below the fence ($1–$4, along the order index), those of the user's scopes ($5), the
 * first $6 of them written out as the page's JSON, and where the walk and the page stopped.
 * Why one row: the embedded database hands each field of a result to JavaScript as a copy of
 * its own, and a page's thousands of rows of seven fields cost the server more than the query
 * itself; one text of the whole page costs one. The walk is limited before the scopes are
 * kept (in the materialised CTE), so the planner walks the index instead of sorting the log.
 */
const WALK_STEP = `
  WITH walked AS MATERIALIZED (
    SELECT txid, seq, scopes, entity, entity_id, op, data FROM change_log
    WHERE (txid, seq) > ($1::text::xid8, $2::bigint) AND txid < $3::text::xid8
    ORDER BY txid, seq
    LIMIT $4
  ), kept AS (
    SELECT txid, seq, entity, entity_id, op, data, row_number() OVER (ORDER BY txid, seq) AS k
    FROM walked WHERE scopes && $5::text[]
  ), given AS (
    SELECT * FROM kept WHERE k <= $6
  ), last_walked AS (
    SELECT txid, seq FROM walked ORDER BY txid DESC, seq DESC LIMIT 1
  ), last_given AS (
    SELECT txid, seq FROM given ORDER BY k DESC LIMIT 1
  )
  SELECT
    (SELECT count(*) FROM walked)::int AS walked,
    (SELECT txid::text FROM last_walked) AS walked_txid,
    (SELECT seq::text FROM last_walked) AS walked_seq,
    (SELECT count(*) FROM kept)::int AS kept,
    (SELECT txid::text FROM last_given) AS given_txid,
    (SELECT seq::text FROM last_given) AS given_seq,
    (SELECT string_agg(
       '{"entity":' || to_json(entity)::text || ',"id":' || to_json(entity_id)::text || ',"op":' || to_json(op)::text || ',"data":' || coalesce(data::text, 'null') || '}',
       ',' ORDER BY k)
     FROM given) AS changes`;

/** The larger of two transaction ids written as decimal text (xid8 values exceed 2^53). */
function maxXid(a: string, b: string): string {
  return BigInt(a) >= BigInt(b) ? a : b;
}
