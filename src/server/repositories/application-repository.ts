/**
 * Plate requests made through the application wizard, the numbers allocated to approved
 * ones, and the reads the review needs: whether a plate maker has started making them,
 * and which active shop has the least work.
 */
import { formatApplicationReference } from '#domain/payments/reference';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import type { ReviewedApplication } from '#domain/applications/review';
import type { RequestStatus } from '#domain/statuses/statuses';
import type { Queryable } from '../db/database';
import { AGENT_ENTITIES } from './agent-repository';
import { changeLogRepository } from './change-log-repository';

export interface StoredApplication extends ReviewedApplication {
  applicationId: string;
  /** LP-000123: what the applicant is told and quotes. */
  reference: string;
  applicantId: string;
  nrcNumber: string;
  address: string;
  paymentMethod: PaymentMethodId;
  rejectionReason: string | null;
  agentId: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  version: number;
  createdAt: string;
  /** The plate shop the applicant chose; null: left to the administrator. */
  chosenShopId: string | null;
  /** Where to deliver, when the applicant asked for delivery; null: collected from the shop. */
  deliveryDestination: string | null;
}

export interface NewApplication {
  applicationId: string;
  applicantId: string;
  applicantName: string;
  nrcNumber: string;
  phone: string;
  email: string;
  address: string;
  quantity: number;
  paymentMethod: PaymentMethodId;
  createdAt: Date;
  vehicle?: string;
  plateType?: string;
  color?: string;
  specialRequests?: string;
  status?: RequestStatus;
}

export interface AllocatedPlate {
  plateNumber: string;
  requestId: string;
  agentId: string;
  orderId: string | null;
}

interface AllocatedPlateRow {
  plate_number: string;
  request_id: string;
  agent_id: string;
  order_id: string | null;
}

const allocatedPlateOf = (row: AllocatedPlateRow): AllocatedPlate => ({
  plateNumber: row.plate_number,
  requestId: row.request_id,
  agentId: row.agent_id,
  orderId: row.order_id,
});

interface RequestRow {
  id: string;
  application_id: string;
  reference: string;
  applicant_id: string;
  applicant_name: string;
  nrc_number: string;
  phone: string;
  email: string;
  address: string;
  vehicle: string;
  quantity: number;
  plate_type: string;
  color: string;
  special_requests: string;
  payment_method: PaymentMethodId;
  status: RequestStatus;
  rejection_reason: string | null;
  agent_id: string | null;
  decided_by: string | null;
  decided_at: Date | string | null;
  version: number;
  created_at: Date | string;
  chosen_shop_id: string | null;
  delivery_address: string | null;
}

const toRequest = (row: RequestRow): StoredApplication => ({
  id: row.id,
  applicationId: row.application_id,
  reference: row.reference,
  applicantId: row.applicant_id,
  applicant: row.applicant_name,
  vehicle: row.vehicle,
  date: new Date(row.created_at).toISOString().slice(0, 10),
  status: row.status,
  quantity: row.quantity,
  orderInfo: {
    plateType: row.plate_type,
    color: row.color,
    specialRequests: row.special_requests,
    deliveryAddress: row.delivery_address ?? row.address,
    phone: row.phone,
    email: row.email,
  },
  nrcNumber: row.nrc_number,
  address: row.address,
  paymentMethod: row.payment_method,
  rejectionReason: row.rejection_reason,
  agentId: row.agent_id,
  decidedBy: row.decided_by,
  decidedAt: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
  version: row.version,
  createdAt: new Date(row.created_at).toISOString(),
  chosenShopId: row.chosen_shop_id,
  deliveryDestination: row.delivery_address,
});

/** REQ-001 as in the spec's samples; past 999 the number simply grows (REQ-1000). */
export function requestId(n: number): string {
  return `REQ-${String(n).padStart(3, '0')}`;
}

export function applicationRepository(db: Queryable) {
  return {
    /**
     * Stores the application with the next REQ- id and LP- reference; undefined when one with
     * this application id is already stored (the same submit sent again).
     */
    async insert(request: NewApplication): Promise<StoredApplication | undefined> {
      // A number taken by a submit that turns out to be a repeat is skipped: references need to be unique, not gapless.
      const [next] = await db.query<{ request: string; reference: string }>(
        "SELECT nextval('plate_request_number_seq')::text AS request, nextval('application_reference_seq')::text AS reference",
      );
      const id = requestId(Number(next?.request));
      const reference = formatApplicationReference(Number(next?.reference));
      const [row] = await db.query<RequestRow>(
        `INSERT INTO plate_requests (id, application_id, reference, applicant_id, applicant_name, nrc_number, phone, email, address,
           vehicle, quantity, plate_type, color, special_requests, payment_method, status, created_at)
         VALUES ($17, $1, $16,
           $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (application_id) DO NOTHING RETURNING *`,
        [
          request.applicationId,
          request.applicantId,
          request.applicantName,
          request.nrcNumber,
          request.phone,
          request.email,
          request.address,
          request.vehicle ?? '',
          request.quantity,
          request.plateType ?? 'Standard',
          request.color ?? '',
          request.specialRequests ?? '',
          request.paymentMethod,
          request.status ?? 'Pending',
          request.createdAt,
          reference,
          id,
        ],
      );
      return row ? toRequest(row) : undefined;
    },

    /** The applicant's choice of plate shop and of delivery, stored with the request in the submit's transaction. */
    async setCollection(id: string, choice: { shopId: string | null; deliveryAddress: string | null }): Promise<void> {
      await db.query('UPDATE plate_requests SET chosen_shop_id = $2, delivery_address = $3 WHERE id = $1', [
        id,
        choice.shopId,
        choice.deliveryAddress,
      ]);
    },

    async findByApplicationId(
      applicationId: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<StoredApplication | undefined> {
      const [row] = await db.query<RequestRow>(
        `SELECT * FROM plate_requests WHERE application_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
        [applicationId],
      );
      return row ? toRequest(row) : undefined;
    },

    async find(id: string): Promise<StoredApplication | undefined> {
      const [row] = await db.query<RequestRow>('SELECT * FROM plate_requests WHERE id = $1', [id]);
      return row ? toRequest(row) : undefined;
    },

    /** Locks the given requests in id order (so two bulk decisions never deadlock) and returns those that exist. */
    async lockMany(ids: readonly string[]): Promise<StoredApplication[]> {
      const rows = await db.query<RequestRow>(
        'SELECT * FROM plate_requests WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE',
        [ids],
      );
      return rows.map(toRequest);
    },

    async list(): Promise<StoredApplication[]> {
      const rows = await db.query<RequestRow>('SELECT * FROM plate_requests ORDER BY created_at DESC, id DESC');
      return rows.map(toRequest);
    },

    async listForApplicant(applicantId: string): Promise<StoredApplication[]> {
      const rows = await db.query<RequestRow>(
        'SELECT * FROM plate_requests WHERE applicant_id = $1 ORDER BY created_at DESC, id DESC',
        [applicantId],
      );
      return rows.map(toRequest);
    },

    /** The NRC number this applicant last gave with this name (letter case aside), with when; undefined when none. */
    async latestIdentityOf(
      applicantId: string,
      name: string,
    ): Promise<{ name: string; nrc: string; at: string } | undefined> {
      const [row] = await db.query<{ applicant_name: string; nrc_number: string; created_at: Date | string }>(
        `SELECT applicant_name, nrc_number, created_at FROM plate_requests WHERE applicant_id = $1 AND nrc_number <> '' AND lower(applicant_name) = lower($2)
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [applicantId, name],
      );
      return row && { name: row.applicant_name, nrc: row.nrc_number, at: new Date(row.created_at).toISOString() };
    },

    async setPaymentMethod(id: string, method: PaymentMethodId): Promise<void> {
      await db.query('UPDATE plate_requests SET payment_method = $2, version = version + 1 WHERE id = $1', [
        id,
        method,
      ]);
    },

    async setDecision(
      id: string,
      decision: {
        status: RequestStatus;
        rejectionReason: string | null;
        agentId: string | null;
        decidedBy: string;
        decidedAt: Date;
      },
    ): Promise<void> {
      await db.query(
        'UPDATE plate_requests SET status = $2, rejection_reason = $3, agent_id = $4, decided_by = $5, decided_at = $6, version = version + 1 WHERE id = $1',
        [id, decision.status, decision.rejectionReason, decision.agentId, decision.decidedBy, decision.decidedAt],
      );
    },

    /** Puts back who decided what (an undone decision): the request as it was, its version moving on. */
    async restoreDecision(
      id: string,
      before: {
        status: RequestStatus;
        rejectionReason: string | null;
        agentId: string | null;
        decidedBy: string | null;
        decidedAt: string | null;
      },
    ): Promise<void> {
      await db.query(
        'UPDATE plate_requests SET status = $2, rejection_reason = $3, agent_id = $4, decided_by = $5, decided_at = $6, version = version + 1 WHERE id = $1',
        [id, before.status, before.rejectionReason, before.agentId, before.decidedBy, before.decidedAt],
      );
    },

    /** The requests among `ids` for whose current plates a plate maker has recorded manufacturing. */
    async manufacturingStarted(ids: readonly string[]): Promise<Set<string>> {
      const rows = await db.query<{ request_id: string }>(
        `SELECT DISTINCT rp.request_id FROM request_plates rp JOIN manufacturing_records m ON m.plate_number = rp.plate_number
         WHERE rp.request_id = ANY($1::text[]) AND rp.released_at IS NULL`,
        [ids],
      );
      return new Set(rows.map((row) => row.request_id));
    },

    /** The numbers currently allocated to each request. */
    async platesOf(ids: readonly string[]): Promise<Map<string, AllocatedPlate[]>> {
      const rows = await db.query<AllocatedPlateRow>(
        'SELECT plate_number, request_id, agent_id, order_id FROM request_plates WHERE request_id = ANY($1::text[]) AND released_at IS NULL ORDER BY plate_number',
        [ids],
      );
      const byRequest = new Map<string, AllocatedPlate[]>();
      for (const row of rows) {
        const plates = byRequest.get(row.request_id) ?? [];
        plates.push(allocatedPlateOf(row));
        byRequest.set(row.request_id, plates);
      }
      return byRequest;
    },

    /**
     * Of the candidate numbers, those nobody has: not registered, not listed in the marketplace,
     * not allocated (ever), not in any shop's orders or whitebook, not held (nor a look-alike) for an application.
     */
    async unusedNumbers(candidates: readonly string[]): Promise<string[]> {
      const rows = await db.query<{ n: string }>(
        `SELECT n FROM unnest($1::text[]) AS c(n)
         WHERE NOT EXISTS (SELECT 1 FROM registered_plates WHERE plate_number = c.n)
           AND NOT EXISTS (SELECT 1 FROM plate_listings WHERE number = c.n)
           AND NOT EXISTS (SELECT 1 FROM request_plates WHERE plate_number = c.n)
           AND NOT EXISTS (SELECT 1 FROM agent_orders WHERE plate_number = c.n)
           AND NOT EXISTS (SELECT 1 FROM whitebook_entries WHERE plate_number = c.n)
           AND NOT EXISTS (SELECT 1 FROM plates WHERE plate_number = c.n)
           AND NOT EXISTS (SELECT 1 FROM number_holds WHERE look_alike = translate(c.n, 'OI -', '01'))`,
        [candidates],
      );
      return rows.map((row) => row.n);
    },

    /** Claims a number for a request; false when another transaction claimed it first. */
    async claimNumber(
      plate: Omit<AllocatedPlate, 'orderId'> & { at: Date; orderId?: string | null },
    ): Promise<boolean> {
      const rows = await db.query<{ plate_number: string }>(
        'INSERT INTO request_plates (plate_number, request_id, agent_id, order_id, allocated_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (plate_number) DO NOTHING RETURNING plate_number',
        [plate.plateNumber, plate.requestId, plate.agentId, plate.orderId ?? null, plate.at],
      );
      return rows.length === 1;
    },

    async setOrder(plateNumber: string, orderId: string): Promise<void> {
      await db.query('UPDATE request_plates SET order_id = $2 WHERE plate_number = $1', [plateNumber, orderId]);
    },

    /** Takes back a request's numbers (they are never reused) and returns what was released. */
    async releasePlates(requestId: string, at: Date): Promise<AllocatedPlate[]> {
      const rows = await db.query<AllocatedPlateRow>(
        'UPDATE request_plates SET released_at = $2 WHERE request_id = $1 AND released_at IS NULL RETURNING plate_number, request_id, agent_id, order_id',
        [requestId, at],
      );
      return rows.map(allocatedPlateOf);
    },

    /**
     * Forgets the numbers an undone approval allocated, as if never allocated: nobody was told of
     * them, so unlike released numbers they go back to the free pool (a chosen one stays held).
     */
    async forgetPlates(requestId: string): Promise<AllocatedPlate[]> {
      const rows = await db.query<AllocatedPlateRow>(
        'DELETE FROM request_plates WHERE request_id = $1 AND released_at IS NULL RETURNING plate_number, request_id, agent_id, order_id',
        [requestId],
      );
      return rows.map(allocatedPlateOf);
    },

    /**
     * Withdraws a shop's orders for a request that is no longer approved; the deletion goes in the
     * change log for the shop and administrators (the scopes agentRepository writes orders with),
     * so the order leaves the agent's device on its next pull.
     */
    async withdrawAgentOrders(orders: readonly { orderId: string; agentId: string }[]): Promise<void> {
      const log = changeLogRepository(db);
      for (const { orderId, agentId } of orders) {
        const deleted = await db.query<{ id: string }>('DELETE FROM agent_orders WHERE id = $1 RETURNING id', [
          orderId,
        ]);
        if (deleted.length > 0)
          await log.record([`agent:${agentId}`, 'admin'], AGENT_ENTITIES.order, orderId, 'delete', null);
      }
    },

    /**
     * The active plate maker with the fewest pending orders (ties: the longest-standing account),
     * or undefined when no shop is active. A shop whose right to record is suspended is given no
     * new orders: it could not record making them.
     */
    async leastLoadedAgent(): Promise<{ id: string; name: string; businessName: string | null } | undefined> {
      const [row] = await db.query<{ id: string; name: string; business_name: string | null }>(
        `SELECT u.id, u.name, u.business_name FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'agent'
         WHERE u.status = 'Active' AND u.recording_suspended IS NULL
         ORDER BY (SELECT count(*) FROM agent_orders o WHERE o.agent_id = u.id AND o.status = 'Pending'), u.created_at, u.id
         LIMIT 1`,
      );
      return row ? { id: row.id, name: row.name, businessName: row.business_name } : undefined;
    },

    async agentNames(ids: readonly string[]): Promise<Map<string, { name: string; businessName: string | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await db.query<{ id: string; name: string; business_name: string | null }>(
        'SELECT id, name, business_name FROM users WHERE id = ANY($1::text[])',
        [ids],
      );
      return new Map(rows.map((row) => [row.id, { name: row.name, businessName: row.business_name }]));
    },

    async userExists(id: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0;
    },
  };
}
