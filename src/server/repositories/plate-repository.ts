/**
 * The plates Nambala has handed to owners (table `plates`), and the owner's view of each:
 * its stage, where it came from, the shop making it and, once registered, the registration
 * and its credential. The view travels to the owner's devices through the change log as
 * entity `ownedPlate`, rebuilt whole at every step (src/server/lifecycle/plate-lifecycle.ts).
 */
import { bytesToDigits } from '#domain/credential/numeric';
import type { OwnedPlate } from '#domain/plates/owned-plate';
import type { PlateSource, PlateStage } from '#domain/plates/lifecycle';
import type { ManufacturingStatus } from '#domain/statuses/statuses';
import type { OwnerCoverTerm } from '#domain/registry/cover';
import type { RegistryStanding } from '#domain/registry/registry-copy';
import type { Queryable } from '../db/database';

export interface HeldPlate {
  plateNumber: string;
  ownerId: string;
  /** The entitlement's owner, as its order named them (empty on plates held before orders named them). */
  ownerName: string;
  ownerNrc: string;
  stage: PlateStage;
  source: PlateSource;
  sourceRef: string;
  agentId: string | null;
  orderId: string | null;
  heldAt: string;
  madeAt: string | null;
  registeredAt: string | null;
  bucket: number;
}

interface PlateRow {
  plate_number: string;
  owner_id: string;
  owner_name: string;
  owner_nrc: string;
  stage: PlateStage;
  source: PlateSource;
  source_ref: string;
  agent_id: string | null;
  order_id: string | null;
  held_at: Date | string;
  made_at: Date | string | null;
  registered_at: Date | string | null;
  bucket: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

const toHeld = (row: PlateRow): HeldPlate => ({
  plateNumber: row.plate_number,
  ownerId: row.owner_id,
  ownerName: row.owner_name,
  ownerNrc: row.owner_nrc,
  stage: row.stage,
  source: row.source,
  sourceRef: row.source_ref,
  agentId: row.agent_id,
  orderId: row.order_id,
  heldAt: iso(row.held_at),
  madeAt: isoOrNull(row.made_at),
  registeredAt: isoOrNull(row.registered_at),
  bucket: row.bucket,
});

interface ViewRow extends PlateRow {
  shop_name: string | null;
  collection_date: string | null;
  manufacturing_status: ManufacturingStatus | null;
  request_reference: string | null;
  make: string | null;
  model: string | null;
  colour: string | null;
  year: number | null;
  chassis_number: string | null;
  registered_owner_name: string | null;
  registered_owner_nrc: string | null;
  registration_date: string | null;
  expiry_date: string | null;
  standing: RegistryStanding | null;
  standing_changed_at: Date | string | null;
  key_id: number | null;
  credential: Uint8Array | null;
  cover: OwnerCoverTerm[] | string | null;
}

const VIEW_SELECT = `SELECT p.*, coalesce(u.business_name, u.name) AS shop_name, to_char(o.collection_date, 'YYYY-MM-DD') AS collection_date,
    (SELECT m.status FROM manufacturing_records m WHERE m.plate_number = p.plate_number ORDER BY m.production_date DESC, m.created_at DESC LIMIT 1) AS manufacturing_status,
    (SELECT q.reference FROM plate_requests q WHERE q.id = p.source_ref) AS request_reference,
    r.make, r.model, r.colour, r.year, r.chassis_number, r.owner_name AS registered_owner_name, r.owner_nrc AS registered_owner_nrc,
    to_char(r.registration_date, 'YYYY-MM-DD') AS registration_date, to_char(r.expiry_date, 'YYYY-MM-DD') AS expiry_date,
    r.standing, r.standing_changed_at, r.key_id, r.credential,
    (SELECT json_agg(json_build_object('policyNumber', i.policy_number, 'type', i.type, 'insurer', i.insurer,
         'startDate', to_char(i.start_date, 'YYYY-MM-DD'), 'endDate', to_char(i.end_date, 'YYYY-MM-DD'), 'holder', c.name,
         'disputedAt', to_char(i.disputed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'claims', coalesce((SELECT json_agg(json_build_object('claimNumber', k.claim_number, 'status', k.status,
             'incidentDate', to_char(k.incident_date, 'YYYY-MM-DD'), 'claimedAmount', k.claimed_ngwee,
             'assessedAmount', k.assessed_ngwee, 'approvedAmount', k.approved_ngwee, 'paidAmount', k.paid_ngwee,
             'paymentMethod', k.payment_method, 'paymentReference', k.payment_reference,
             'paidOn', to_char(k.paid_on, 'YYYY-MM-DD')) ORDER BY k.claim_number)
           FROM insurance_claims k WHERE k.policy_id = i.id), '[]'::json)) ORDER BY i.start_date, i.policy_number)
       FROM insurance_policies i JOIN insurance_customers c ON c.id = i.customer_id
       WHERE i.plate_number = r.plate_number AND i.cancelled_at IS NULL AND i.end_date >= r.registration_date) AS cover
  FROM plates p
  LEFT JOIN registered_plates r ON r.plate_number = p.plate_number AND p.stage = 'Registered'
  LEFT JOIN agent_orders o ON o.id = p.order_id
  LEFT JOIN users u ON u.id = p.agent_id`;

function toView(row: ViewRow): OwnedPlate {
  const registered =
    row.stage === 'Registered' && row.credential !== null && row.registration_date !== null && row.expiry_date !== null;
  return {
    id: row.plate_number,
    plateNumber: row.plate_number,
    ownerId: row.owner_id,
    stage: row.stage,
    source: row.source,
    sourceRef: row.source_ref,
    requestReference: row.request_reference,
    orderId: row.order_id,
    shopName: row.shop_name,
    collectionDate: row.collection_date,
    manufacturingStatus: row.manufacturing_status,
    heldAt: iso(row.held_at),
    madeAt: isoOrNull(row.made_at),
    registeredAt: isoOrNull(row.registered_at),
    registration: registered
      ? {
          make: row.make ?? '',
          model: row.model ?? '',
          colour: row.colour ?? '',
          year: row.year ?? 0,
          chassisNumber: row.chassis_number ?? '',
          ownerName: row.registered_owner_name ?? '',
          ownerNrc: row.registered_owner_nrc ?? '',
          registrationDate: row.registration_date ?? '',
          expiryDate: row.expiry_date ?? '',
          standing: row.standing ?? 'Valid',
          standingChangedAt: isoOrNull(row.standing_changed_at),
          keyId: row.key_id ?? 0,
          credentialDigits: bytesToDigits(new Uint8Array(row.credential ?? new Uint8Array())),
        }
      : null,
    // The plate's cover travels with the view (republished when a policy on it changes).
    ...(registered
      ? { cover: typeof row.cover === 'string' ? (JSON.parse(row.cover) as OwnerCoverTerm[]) : (row.cover ?? []) }
      : {}),
  };
}

export function plateRepository(db: Queryable) {
  return {
    /** Holds a number for its owner; false when the number is already someone's. */
    async hold(plate: Omit<HeldPlate, 'stage' | 'madeAt' | 'registeredAt'>): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO plates (plate_number, owner_id, stage, source, source_ref, agent_id, order_id, held_at, bucket, owner_name, owner_nrc)
         VALUES ($1, $2, 'Held', $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (plate_number) DO NOTHING RETURNING plate_number`,
        [
          plate.plateNumber,
          plate.ownerId,
          plate.source,
          plate.sourceRef,
          plate.agentId,
          plate.orderId,
          plate.heldAt,
          plate.bucket,
          plate.ownerName,
          plate.ownerNrc,
        ],
      );
      return rows.length === 1;
    },

    async find(plateNumber: string, options: { forUpdate?: boolean } = {}): Promise<HeldPlate | undefined> {
      const [row] = await db.query<PlateRow>(
        `SELECT * FROM plates WHERE plate_number = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
        [plateNumber],
      );
      return row ? toHeld(row) : undefined;
    },

    /** The given numbers' rows, locked, in plate order (two writers never deadlock). */
    async lockMany(plateNumbers: readonly string[]): Promise<Map<string, HeldPlate>> {
      if (plateNumbers.length === 0) return new Map();
      const rows = await db.query<PlateRow>(
        'SELECT * FROM plates WHERE plate_number = ANY($1::text[]) ORDER BY plate_number FOR UPDATE',
        [plateNumbers],
      );
      return new Map(rows.map((row) => [row.plate_number, toHeld(row)]));
    },

    /** Of the given numbers, those held for an owner, each with the shop making it (null: none yet). */
    /**
     * What a sale of each number must know, in one read: the day it was registered (a clone if
     * so), whether Nambala holds it for an owner, and the shop making it (null: none yet).
     * Numbers neither registered nor held are left out.
     */
    async forSale(
      plateNumbers: readonly string[],
    ): Promise<Map<string, { registeredOn: string | null; held: boolean; shop: string | null }>> {
      const rows = await db.query<{
        plate_number: string;
        registered_on: string | null;
        held: boolean;
        agent_id: string | null;
      }>(
        `SELECT n.plate_number, to_char(r.registration_date, 'YYYY-MM-DD') AS registered_on,
           p.plate_number IS NOT NULL AS held, p.agent_id
         FROM unnest($1::text[]) AS n(plate_number)
         LEFT JOIN registered_plates r ON r.plate_number = n.plate_number
         LEFT JOIN plates p ON p.plate_number = n.plate_number
         WHERE r.plate_number IS NOT NULL OR p.plate_number IS NOT NULL`,
        [plateNumbers],
      );
      return new Map(
        rows.map((row) => [row.plate_number, { registeredOn: row.registered_on, held: row.held, shop: row.agent_id }]),
      );
    },

    async setStage(plateNumber: string, stage: PlateStage, at: Date): Promise<void> {
      await db.query(
        `UPDATE plates SET stage = $2::text,
           made_at = CASE WHEN $2::text IN ('Made', 'Registered') THEN coalesce(made_at, $3::timestamptz) ELSE made_at END,
           registered_at = CASE WHEN $2::text = 'Registered' THEN coalesce(registered_at, $3::timestamptz) ELSE registered_at END,
           version = nextval('registry_version_seq')
         WHERE plate_number = $1`,
        [plateNumber, stage, at],
      );
    },

    async setOwner(plateNumber: string, ownerId: string): Promise<void> {
      await db.query(
        "UPDATE plates SET owner_id = $2, version = nextval('registry_version_seq') WHERE plate_number = $1",
        [plateNumber, ownerId],
      );
    },

    async setShop(plateNumber: string, agentId: string, orderId: string | null): Promise<void> {
      await db.query('UPDATE plates SET agent_id = $2, order_id = $3 WHERE plate_number = $1', [
        plateNumber,
        agentId,
        orderId,
      ]);
    },

    /** Takes numbers back (an application rejected after approval); returns what was removed. */
    async release(plateNumbers: readonly string[]): Promise<HeldPlate[]> {
      if (plateNumbers.length === 0) return [];
      const rows = await db.query<PlateRow>(
        "DELETE FROM plates WHERE plate_number = ANY($1::text[]) AND stage <> 'Registered' RETURNING *",
        [plateNumbers],
      );
      return rows.map(toHeld);
    },

    /** The owner's view of one plate. */
    async view(plateNumber: string): Promise<OwnedPlate | undefined> {
      const [row] = await db.query<ViewRow>(`${VIEW_SELECT} WHERE p.plate_number = $1`, [plateNumber]);
      return row ? toView(row) : undefined;
    },

    /** Every plate an owner holds, newest first. */
    async ownedBy(ownerId: string): Promise<OwnedPlate[]> {
      const rows = await db.query<ViewRow>(
        `${VIEW_SELECT} WHERE p.owner_id = $1 ORDER BY p.held_at DESC, p.plate_number`,
        [ownerId],
      );
      return rows.map(toView);
    },
  };
}
