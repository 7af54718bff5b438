/**
 * The administrators' decisions on plate requests as kept for undoing them (migration 0045):
 * what the request was before, what the applicant is to be told (and refunded) once the
 * window has passed, and where each decision stands.
 */
import type { DecisionState } from '#domain/applications/decision-undo';
import type { RefundReason } from '#domain/payments/refund';
import type { ReviewDecision } from '#domain/applications/review';
import type { RequestStatus } from '#domain/statuses/statuses';
import type { Queryable } from '../db/database';

/** A number the request held before the decision, as number_holds keeps it. */
export interface HeldNumber {
  plateNumber: string;
  lookAlike: string;
  heldAt: string;
}

/** The request as it stood before a decision. */
export interface DecisionBefore {
  status: RequestStatus;
  rejectionReason: string | null;
  agentId: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  /** The chosen numbers it held (a rejection lets go of them). */
  holds: HeldNumber[];
  /** Numbers it had been allocated (a rejection of an approved request takes them back). */
  plates: string[];
}

/** What the applicant is told, and refunded, once the decision can no longer be undone. */
export interface DecisionEffects {
  notification: { kind: string; title: string; body: string };
  /** A rejection of a paid request: the payment to refund. */
  refund: { paymentId: string; reason: RefundReason } | null;
}

export interface StoredDecision {
  id: string;
  requestId: string;
  decision: ReviewDecision;
  decidedBy: string | null;
  decidedAt: string;
  undoUntil: string;
  before: DecisionBefore;
  versionAfter: number;
  effects: DecisionEffects;
  state: DecisionState;
  supersededBy: string | null;
}

interface DecisionRow {
  id: string;
  request_id: string;
  decision: ReviewDecision;
  decided_by: string | null;
  decided_at: Date | string;
  undo_until: Date | string;
  before: DecisionBefore;
  version_after: number;
  effects: DecisionEffects;
  state: DecisionState;
  superseded_by: string | null;
}

const toDecision = (row: DecisionRow): StoredDecision => ({
  id: row.id,
  requestId: row.request_id,
  decision: row.decision,
  decidedBy: row.decided_by,
  decidedAt: new Date(row.decided_at).toISOString(),
  undoUntil: new Date(row.undo_until).toISOString(),
  before: row.before,
  versionAfter: Number(row.version_after),
  effects: row.effects,
  state: row.state,
  supersededBy: row.superseded_by,
});

export function decisionRepository(db: Queryable) {
  return {
    async insert(decision: Omit<StoredDecision, 'supersededBy'>): Promise<void> {
      await db.query(
        `INSERT INTO application_decisions (id, request_id, decision, decided_by, decided_at, undo_until, before, version_after, effects, state, released_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10, CASE WHEN $10 = 'released' THEN $5::timestamptz END)`,
        [
          decision.id,
          decision.requestId,
          decision.decision,
          decision.decidedBy,
          decision.decidedAt,
          decision.undoUntil,
          JSON.stringify(decision.before),
          decision.versionAfter,
          JSON.stringify(decision.effects),
          decision.state,
        ],
      );
    },

    /**
     * Marks the request's held decision (if any) replaced by `by`: its effects never happen unless
     * `by` is undone. Null: replaced by what an approval found (a chosen number gone), told at once.
     */
    async supersedeHeld(requestId: string, by: string | null): Promise<void> {
      await db.query(
        "UPDATE application_decisions SET state = 'superseded', superseded_by = $2 WHERE request_id = $1 AND state = 'held' AND id IS DISTINCT FROM $2",
        [requestId, by],
      );
    },

    /** Puts back the decisions `by` replaced: they are held again (and released at once if their window has passed). */
    async reinstateSuperseded(by: string): Promise<void> {
      await db.query(
        "UPDATE application_decisions SET state = 'held', superseded_by = NULL WHERE superseded_by = $1 AND state = 'superseded'",
        [by],
      );
    },

    /** The requests the decisions are of, read without a lock (the caller locks the requests first). */
    async requestsOf(ids: readonly string[]): Promise<string[]> {
      const rows = await db.query<{ request_id: string }>(
        'SELECT DISTINCT request_id FROM application_decisions WHERE id = ANY($1::text[])',
        [ids],
      );
      return rows.map((row) => row.request_id);
    },

    /** The decisions by id, locked for the caller's transaction (after their requests, as a decision locks them). */
    async lockMany(ids: readonly string[]): Promise<StoredDecision[]> {
      const rows = await db.query<DecisionRow>(
        'SELECT * FROM application_decisions WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE',
        [ids],
      );
      return rows.map(toDecision);
    },

    async markUndone(id: string, by: string, at: Date): Promise<void> {
      await db.query(
        "UPDATE application_decisions SET state = 'undone', undone_by = $2, undone_at = $3 WHERE id = $1",
        [id, by, at],
      );
    },

    /**
     * Takes up to `limit` held decisions whose window has passed, locked; SKIP LOCKED lets several
     * server instances release side by side, and an undo holding one is simply waited for next time.
     */
    async claimDue(at: Date, limit: number): Promise<StoredDecision[]> {
      const rows = await db.query<DecisionRow>(
        `SELECT * FROM application_decisions WHERE state = 'held' AND undo_until <= $1
         ORDER BY undo_until, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [at, limit],
      );
      return rows.map(toDecision);
    },

    async markReleased(id: string, at: Date): Promise<void> {
      await db.query("UPDATE application_decisions SET state = 'released', released_at = $2 WHERE id = $1", [id, at]);
    },
  };
}
