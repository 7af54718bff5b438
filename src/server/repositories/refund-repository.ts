/**
 * Refunds as stored: which payment, how much (ngwee), why, how it stands with the provider and
 * how many times it was asked for. Rules about the status live in the domain
 * (#domain/payments/refund); this module only reads and writes rows.
 */
import { ngwee } from '#domain/money/money';
import type { Refund, RefundReason, RefundStatus } from '#domain/payments/refund';
import type { Queryable } from '../db/database';

export interface StoredRefund extends Refund {
  number: number;
  payerId: string;
  reason: RefundReason;
  provider: string;
  providerRef: string | null;
  /** The administrator who asked for it (a rejection, a cancellation, a retry); null when the system did. */
  requestedBy: string | null;
}

/** A refund with the facts of its payment, for the administrator's list and its export. */
export interface ListedRefund extends StoredRefund {
  paymentNumber: number;
  paymentMethod: string;
  paymentAmount: number;
  description: string;
  payerName: string | null;
}

interface RefundRow {
  id: string;
  number: string | number;
  payment_id: string;
  payer_id: string;
  amount_ngwee: string | number;
  reason: RefundReason;
  status: RefundStatus;
  provider: string;
  provider_ref: string | null;
  failure_reason: string | null;
  requested_by: string | null;
  attempts: number;
  created_at: Date | string;
  attempted_at: Date | string;
  settled_at: Date | string | null;
}

interface ListedRow extends RefundRow {
  payment_number: string | number;
  payment_method: string;
  payment_amount: string | number;
  description: string;
  payer_name: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toRefund(row: RefundRow): StoredRefund {
  return {
    id: row.id,
    number: Number(row.number),
    paymentId: row.payment_id,
    payerId: row.payer_id,
    amount: ngwee(Number(row.amount_ngwee)),
    reason: row.reason,
    status: row.status,
    provider: row.provider,
    providerRef: row.provider_ref,
    failureReason: row.failure_reason,
    requestedBy: row.requested_by,
    attempts: Number(row.attempts),
    createdAt: iso(row.created_at),
    attemptedAt: iso(row.attempted_at),
    settledAt: row.settled_at === null ? null : iso(row.settled_at),
  };
}

function toListed(row: ListedRow): ListedRefund {
  return {
    ...toRefund(row),
    paymentNumber: Number(row.payment_number),
    paymentMethod: row.payment_method,
    paymentAmount: Number(row.payment_amount),
    description: row.description,
    payerName: row.payer_name,
  };
}

const LISTED = `SELECT r.*, p.number AS payment_number, p.method AS payment_method, p.amount_ngwee AS payment_amount,
    p.description, u.name AS payer_name
  FROM refunds r JOIN payments p ON p.id = r.payment_id LEFT JOIN users u ON u.id = r.payer_id`;

export function refundRepository(db: Queryable) {
  return {
    /** Inserts the refund unless the payment has one already; answers the payment's refund either way. */
    async insertOnce(
      refund: Refund & Pick<StoredRefund, 'payerId' | 'reason' | 'provider' | 'requestedBy'>,
    ): Promise<{ refund: StoredRefund; created: boolean }> {
      const [row] = await db.query<RefundRow>(
        `INSERT INTO refunds (id, payment_id, payer_id, amount_ngwee, reason, status, provider, requested_by, attempts,
           created_at, attempted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (payment_id) DO NOTHING RETURNING *`,
        [
          refund.id,
          refund.paymentId,
          refund.payerId,
          refund.amount,
          refund.reason,
          refund.status,
          refund.provider,
          refund.requestedBy,
          refund.attempts,
          refund.createdAt,
          refund.attemptedAt,
        ],
      );
      if (row) return { refund: toRefund(row), created: true };
      const existing = await this.forPayment(refund.paymentId);
      if (!existing) throw new Error('refund insert conflicted but no refund was found');
      return { refund: existing, created: false };
    },

    async find(id: string, options: { forUpdate?: boolean } = {}): Promise<StoredRefund | undefined> {
      const [row] = await db.query<RefundRow>(
        `SELECT * FROM refunds WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
        [id],
      );
      return row && toRefund(row);
    },

    async forPayment(paymentId: string): Promise<StoredRefund | undefined> {
      const [row] = await db.query<RefundRow>('SELECT * FROM refunds WHERE payment_id = $1', [paymentId]);
      return row && toRefund(row);
    },

    /** The refunds of these payments, by payment id. */
    async forPayments(paymentIds: readonly string[]): Promise<Map<string, StoredRefund>> {
      if (paymentIds.length === 0) return new Map();
      const rows = await db.query<RefundRow>('SELECT * FROM refunds WHERE payment_id = ANY($1::text[])', [
        [...paymentIds],
      ]);
      return new Map(rows.map((row) => [row.payment_id, toRefund(row)]));
    },

    async save(refund: StoredRefund): Promise<StoredRefund> {
      const [row] = await db.query<RefundRow>(
        `UPDATE refunds SET status = $2, provider_ref = $3, failure_reason = $4, attempts = $5, attempted_at = $6,
           settled_at = $7, requested_by = COALESCE($8, requested_by)
         WHERE id = $1 RETURNING *`,
        [
          refund.id,
          refund.status,
          refund.providerRef,
          refund.failureReason,
          refund.attempts,
          refund.attemptedAt,
          refund.settledAt,
          refund.requestedBy,
        ],
      );
      if (!row) throw new Error(`refund ${refund.id} vanished`);
      return toRefund(row);
    },

    async setProviderRef(id: string, providerRef: string): Promise<void> {
      await db.query('UPDATE refunds SET provider_ref = $2 WHERE id = $1', [id, providerRef]);
    },

    /** Pending refunds, longest waiting first: what the provider is asked about. */
    async listPending(limit = 100): Promise<StoredRefund[]> {
      const rows = await db.query<RefundRow>(
        "SELECT * FROM refunds WHERE status = 'pending' ORDER BY attempted_at, id LIMIT $1",
        [limit],
      );
      return rows.map(toRefund);
    },

    /** Every refund with its payment, newest first, optionally of one status. */
    async list(options: { status?: RefundStatus; limit?: number } = {}): Promise<ListedRefund[]> {
      const rows = await db.query<ListedRow>(
        `${LISTED} WHERE ($1::text IS NULL OR r.status = $1) ORDER BY r.created_at DESC, r.number DESC LIMIT $2`,
        [options.status ?? null, options.limit ?? 1000],
      );
      return rows.map(toListed);
    },

    async findListed(id: string): Promise<ListedRefund | undefined> {
      const [row] = await db.query<ListedRow>(`${LISTED} WHERE r.id = $1`, [id]);
      return row && toListed(row);
    },

    /**
     * The reports' refund figures: refunds made (settled as refunded) within [from, to), how
     * many and how much, and the refunds open at `to` (pending or failed, started before it).
     */
    async reportFigures(bounds: {
      from: Date;
      to: Date;
    }): Promise<{ made: number; amount: number; pending: number; failed: number }> {
      const [row] = await db.query<{
        made: string | number;
        amount: string | number | null;
        pending: string | number;
        failed: string | number;
      }>(
        `SELECT count(*) FILTER (WHERE status = 'refunded' AND settled_at >= $1 AND settled_at < $2) AS made,
           COALESCE(sum(amount_ngwee) FILTER (WHERE status = 'refunded' AND settled_at >= $1 AND settled_at < $2), 0) AS amount,
           count(*) FILTER (WHERE status = 'pending' AND created_at < $2) AS pending,
           count(*) FILTER (WHERE status = 'failed' AND created_at < $2) AS failed
         FROM refunds`,
        [bounds.from.toISOString(), bounds.to.toISOString()],
      );
      return {
        made: Number(row?.made ?? 0),
        amount: Number(row?.amount ?? 0),
        pending: Number(row?.pending ?? 0),
        failed: Number(row?.failed ?? 0),
      };
    },
  };
}
