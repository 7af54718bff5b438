/**
 * What insurance agents ask of account holders (table `insurance_requests`, migration
 * 0024): that a customer record is them (link) or that a customer may be insured on their
 * plate (consent), and their answers. docs/insurance.md, "Insurance only with the owner".
 */
import type {
  ConsentState,
  InsuranceRequest,
  InsuranceRequestKind,
  InsuranceRequestStatus,
} from '#domain/insurance/owner-consent';
import type { Queryable } from '../db/database';

const iso = (value: Date | string) => new Date(value).toISOString();

interface RequestRow {
  id: string;
  kind: InsuranceRequestKind;
  agent_id: string;
  customer_id: string;
  account_id: string;
  plate_number: string | null;
  status: InsuranceRequestStatus;
  created_at: Date | string;
  insurer: string;
  customer_name: string;
  customer_nrc: string;
}

/** A request with the parties' ids, as the server acts on it. */
export interface StoredInsuranceRequest extends InsuranceRequest {
  agentId: string;
  customerId: string;
  accountId: string;
  status: InsuranceRequestStatus;
}

const SELECT = `SELECT q.*, coalesce(nullif(trim(a.business_name), ''), a.name) AS insurer, c.name AS customer_name, c.nrc AS customer_nrc
  FROM insurance_requests q JOIN users a ON a.id = q.agent_id JOIN insurance_customers c ON c.id = q.customer_id`;

const toRequest = (row: RequestRow): StoredInsuranceRequest => ({
  id: row.id,
  kind: row.kind,
  insurer: row.insurer,
  customerName: row.customer_name,
  customerNrc: row.customer_nrc,
  plateNumber: row.plate_number,
  createdAt: iso(row.created_at),
  agentId: row.agent_id,
  customerId: row.customer_id,
  accountId: row.account_id,
  status: row.status,
});

export function insuranceRequestRepository(db: Queryable) {
  return {
    /**
     * Asks the holder of the account with this email (or else phone) whether the customer is
     * them, unless they were asked already or the customer is linked to them. One statement,
     * the same whether or not such an account exists: the caller learns nothing of it.
     */
    async askLinkByContact(
      id: string,
      agentId: string,
      customerId: string,
      email: string,
      phone: string,
      at: Date,
    ): Promise<void> {
      await db.query(
        `INSERT INTO insurance_requests (id, kind, agent_id, customer_id, account_id, created_at)
         SELECT $1, 'link', $2, $3, u.id, $6 FROM users u
         WHERE (lower(u.email) = $4 OR u.phone = $5) AND u.id <> $2
           AND NOT EXISTS (SELECT 1 FROM insurance_requests q WHERE q.customer_id = $3 AND q.account_id = u.id AND q.kind = 'link' AND q.status IN ('Pending', 'Declined'))
           AND NOT EXISTS (SELECT 1 FROM insurance_customers c WHERE c.id = $3 AND c.account_id = u.id)
         ORDER BY (lower(u.email) = $4) DESC, u.created_at LIMIT 1`,
        [id, agentId, customerId, email.toLowerCase(), phone, at.toISOString()],
      );
    },

    /** Asks the plate's owner to consent to the customer being insured on it; the open question when one waits already. */
    async askConsent(
      request: { id: string; agentId: string; customerId: string; accountId: string; plateNumber: string },
      at: Date,
    ): Promise<{ request: StoredInsuranceRequest; isNew: boolean }> {
      const inserted = await db.query<{ id: string }>(
        `INSERT INTO insurance_requests (id, kind, agent_id, customer_id, account_id, plate_number, created_at, notified_at)
         VALUES ($1, 'consent', $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING RETURNING id`,
        [request.id, request.agentId, request.customerId, request.accountId, request.plateNumber, at.toISOString()],
      );
      const [row] = await db.query<RequestRow>(
        `${SELECT} WHERE q.customer_id = $1 AND q.account_id = $2 AND q.plate_number = $3 AND q.status = 'Pending'`,
        [request.customerId, request.accountId, request.plateNumber],
      );
      if (!row) throw new Error('consent request not stored');
      return { request: toRequest(row), isNew: inserted.length > 0 };
    },

    /** The owner's latest answer about this customer on this plate (asked of this owner), or null when never asked. */
    async consentFor(customerId: string, plateNumber: string, ownerId: string): Promise<ConsentState> {
      const [row] = await db.query<{ status: InsuranceRequestStatus; at: Date | string }>(
        `SELECT status, coalesce(answered_at, created_at) AS at FROM insurance_requests
         WHERE kind = 'consent' AND customer_id = $1 AND plate_number = $2 AND account_id = $3 AND status <> 'Withdrawn'
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [customerId, plateNumber, ownerId],
      );
      return row ? { status: row.status, at: iso(row.at) } : null;
    },

    /** The questions waiting for this account holder, oldest first. */
    async pendingFor(accountId: string): Promise<StoredInsuranceRequest[]> {
      return (
        await db.query<RequestRow>(
          `${SELECT} WHERE q.account_id = $1 AND q.status = 'Pending' ORDER BY q.created_at, q.id`,
          [accountId],
        )
      ).map(toRequest);
    },

    async find(id: string, options: { forUpdate?: boolean } = {}): Promise<StoredInsuranceRequest | undefined> {
      const [row] = await db.query<RequestRow>(
        `${SELECT} WHERE q.id = $1${options.forUpdate ? ' FOR UPDATE OF q' : ''}`,
        [id],
      );
      return row ? toRequest(row) : undefined;
    },

    async answer(id: string, status: 'Accepted' | 'Declined', at: Date): Promise<boolean> {
      const rows = await db.query(
        "UPDATE insurance_requests SET status = $2, answered_at = $3 WHERE id = $1 AND status = 'Pending' RETURNING id",
        [id, status, at.toISOString()],
      );
      return rows.length > 0;
    },

    /** The customer's NRC changed: what was asked or given about them no longer names them. */
    async withdrawFor(customerId: string, at: Date): Promise<void> {
      await db.query(
        "UPDATE insurance_requests SET status = 'Withdrawn', answered_at = $2 WHERE customer_id = $1 AND status IN ('Pending', 'Accepted')",
        [customerId, at.toISOString()],
      );
    },

    /** Claims up to `limit` requests nobody has been told of yet (others' claims are skipped), marked told. */
    async claimUnnotified(at: Date, limit: number): Promise<StoredInsuranceRequest[]> {
      const claimed = await db.query<{ id: string }>(
        `UPDATE insurance_requests SET notified_at = $1 WHERE id IN (
           SELECT id FROM insurance_requests WHERE notified_at IS NULL ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        [at.toISOString(), limit],
      );
      if (claimed.length === 0) return [];
      return (
        await db.query<RequestRow>(`${SELECT} WHERE q.id = ANY($1::text[]) ORDER BY q.created_at, q.id`, [
          claimed.map((row) => row.id),
        ])
      ).map(toRequest);
    },
  };
}
