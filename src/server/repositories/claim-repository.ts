/**
 * Insurance claims and their photos. Every write to a claim, and a photo's completion,
 * records the claim's row (with its photos' metadata, never their bytes) for the agent's
 * devices (scope user:<agent>) in the same transaction. Photo bytes are appended chunk by
 * chunk at the offset the server already has, so an interrupted upload resumes and a repeated
 * chunk changes nothing.
 */
import type {
  ClaimInput,
  ClaimPaymentMethod,
  ClaimPhotoInput,
  ClaimState,
  ClaimStatus,
  InsuranceClaim,
} from '#domain/insurance/claim';
import { claimNumberFrom } from '#domain/insurance/claim';
import { type Ngwee, ngwee } from '#domain/money/money';
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

/** The entity name devices know claims by (CHANGE_LOG_TABLES in the app's store). */
export const CLAIM_ENTITY = 'insuranceClaim';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const day = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

interface ClaimRow {
  id: string;
  claim_number: string;
  agent_id: string;
  policy_id: string;
  customer_id: string;
  plate_number: string;
  incident_date: Date | string;
  incident_place: string;
  description: string;
  other_party_plate: string | null;
  status: ClaimStatus;
  reject_reason: string | null;
  assessed_at: Date | string | null;
  decided_at: Date | string | null;
  paid_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  claimed_ngwee: string | number | null;
  assessed_ngwee: string | number | null;
  approved_ngwee: string | number | null;
  paid_ngwee: string | number | null;
  payment_method: ClaimPaymentMethod | null;
  payment_reference: string | null;
  paid_on: Date | string | null;
}

interface PhotoRow {
  claim_id: string;
  sha256: string;
  size: number;
  width: number;
  height: number;
  received: number;
  completed_at: Date | string | null;
}

const CLAIM_COLUMNS = `c.id, c.claim_number, c.agent_id, c.policy_id, p.customer_id, p.plate_number, c.incident_date, c.incident_place, c.description,
  c.other_party_plate, c.status, c.reject_reason, c.assessed_at, c.decided_at, c.paid_at, c.created_at, c.updated_at,
  c.claimed_ngwee, c.assessed_ngwee, c.approved_ngwee, c.paid_ngwee, c.payment_method, c.payment_reference, to_char(c.paid_on, 'YYYY-MM-DD') AS paid_on`;
/** bigint comes back as text from pg, as a number from PGlite. */
const money = (value: string | number | null): Ngwee | null => (value === null ? null : ngwee(Number(value)));
const PHOTO_COLUMNS = 'claim_id, sha256, size, width, height, received, completed_at';

const toClaim = (row: ClaimRow, photos: PhotoRow[]): InsuranceClaim => ({
  id: row.id,
  claimNumber: row.claim_number,
  agentId: row.agent_id,
  policyId: row.policy_id,
  customerId: row.customer_id,
  plateNumber: row.plate_number,
  incidentDate: day(row.incident_date),
  incidentPlace: row.incident_place,
  description: row.description,
  otherPartyPlate: row.other_party_plate,
  status: row.status,
  rejectReason: row.reject_reason,
  photos: photos.map((photo) => ({
    sha256: photo.sha256,
    size: photo.size,
    width: photo.width,
    height: photo.height,
    isComplete: photo.completed_at !== null,
  })),
  assessedAt: isoOrNull(row.assessed_at),
  decidedAt: isoOrNull(row.decided_at),
  paidAt: isoOrNull(row.paid_at),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  claimedAmount: money(row.claimed_ngwee),
  assessedAmount: money(row.assessed_ngwee),
  approvedAmount: money(row.approved_ngwee),
  paidAmount: money(row.paid_ngwee),
  paymentMethod: row.payment_method,
  paymentReference: row.payment_reference,
  paidOn: row.paid_on === null ? null : day(row.paid_on),
});

/** How far a photo's upload has come. */
export interface PhotoUpload {
  claimId: string;
  agentId: string;
  sha256: string;
  size: number;
  received: number;
  isComplete: boolean;
}

/** PGlite hands bytea back as Uint8Array, pg as Buffer. */
const asBuffer = (value: Uint8Array | Buffer) =>
  Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);

export function claimRepository(db: Queryable) {
  const log = changeLogRepository(db);

  async function photosOf(claimIds: readonly string[]): Promise<Map<string, PhotoRow[]>> {
    const byClaim = new Map<string, PhotoRow[]>();
    if (claimIds.length === 0) return byClaim;
    const rows = await db.query<PhotoRow>(
      `SELECT ${PHOTO_COLUMNS} FROM insurance_claim_photos WHERE claim_id = ANY($1::text[]) ORDER BY created_at, sha256`,
      [claimIds],
    );
    for (const row of rows) byClaim.set(row.claim_id, [...(byClaim.get(row.claim_id) ?? []), row]);
    return byClaim;
  }

  async function find(id: string): Promise<InsuranceClaim | undefined> {
    const [row] = await db.query<ClaimRow>(
      `SELECT ${CLAIM_COLUMNS} FROM insurance_claims c JOIN insurance_policies p ON p.id = c.policy_id WHERE c.id = $1`,
      [id],
    );
    return row ? toClaim(row, (await photosOf([row.id])).get(row.id) ?? []) : undefined;
  }

  /** Sends the claim as it is now to its agent's devices. */
  async function publish(id: string): Promise<InsuranceClaim> {
    const claim = await find(id);
    if (!claim) throw new Error(`claim ${id} vanished inside its own transaction`);
    await log.record([`user:${claim.agentId}`], CLAIM_ENTITY, claim.id, 'put', { ...claim });
    return claim;
  }

  return {
    find,

    /** Stores a new claim under the next number (CLM- from the sequence). */
    async insert(agentId: string, input: ClaimInput, at: Date): Promise<void> {
      const [next] = await db.query<{ n: string }>("SELECT nextval('insurance_claim_number_seq')::text AS n");
      await db.query(
        `INSERT INTO insurance_claims (id, claim_number, agent_id, policy_id, incident_date, incident_place, description, other_party_plate, created_at, updated_at, claimed_ngwee)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10)`,
        [
          input.id,
          claimNumberFrom(Number(next?.n)),
          agentId,
          input.policyId,
          input.incidentDate,
          input.incidentPlace,
          input.description,
          input.otherPartyPlate,
          at,
          input.claimedAmount,
        ],
      );
    },

    async updateDetails(input: ClaimInput, at: Date): Promise<void> {
      await db.query(
        'UPDATE insurance_claims SET policy_id = $2, incident_date = $3, incident_place = $4, description = $5, other_party_plate = $6, updated_at = $7, claimed_ngwee = coalesce($8, claimed_ngwee) WHERE id = $1',
        [
          input.id,
          input.policyId,
          input.incidentDate,
          input.incidentPlace,
          input.description,
          input.otherPartyPlate,
          at,
          input.claimedAmount,
        ],
      );
    },

    /** Declares photos on the claim; one already there (same content) is left as it is. Answers how many were new. */
    async addPhotos(claimId: string, photos: readonly ClaimPhotoInput[], at: Date): Promise<number> {
      let added = 0;
      for (const photo of photos) {
        const rows = await db.query(
          `INSERT INTO insurance_claim_photos (claim_id, sha256, size, width, height, created_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (claim_id, sha256) DO NOTHING RETURNING sha256`,
          [claimId, photo.sha256, photo.size, photo.width, photo.height, at],
        );
        added += rows.length;
      }
      return added;
    },

    async photoCount(claimId: string): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM insurance_claim_photos WHERE claim_id = $1',
        [claimId],
      );
      return row?.n ?? 0;
    },

    publish,

    /** Writes a step's outcome (transitionClaim's), only if the claim is still in the state it was read in. */
    async saveState(id: string, from: ClaimStatus, next: ClaimState, at: Date): Promise<InsuranceClaim | undefined> {
      const rows = await db.query(
        `UPDATE insurance_claims SET status = $3, reject_reason = $4, assessed_at = $5, decided_at = $6, paid_at = $7, updated_at = $8,
           assessed_ngwee = $9, approved_ngwee = $10, paid_ngwee = $11, payment_method = $12, payment_reference = $13, paid_on = $14
         WHERE id = $1 AND status = $2 RETURNING id`,
        [
          id,
          from,
          next.status,
          next.rejectReason,
          next.assessedAt,
          next.decidedAt,
          next.paidAt,
          at,
          next.assessedAmount ?? null,
          next.approvedAmount ?? null,
          next.paidAmount ?? null,
          next.paymentMethod ?? null,
          next.paymentReference ?? null,
          next.paidOn ?? null,
        ],
      );
      return rows.length === 0 ? undefined : publish(id);
    },

    async listForAgent(agentId: string): Promise<InsuranceClaim[]> {
      const rows = await db.query<ClaimRow>(
        `SELECT ${CLAIM_COLUMNS} FROM insurance_claims c JOIN insurance_policies p ON p.id = c.policy_id WHERE c.agent_id = $1 ORDER BY c.created_at DESC, c.id`,
        [agentId],
      );
      const photos = await photosOf(rows.map((row) => row.id));
      return rows.map((row) => toClaim(row, photos.get(row.id) ?? []));
    },

    /** Whether the plate number is in the registry (any standing). */
    async isRegistered(plateNumber: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM registered_plates WHERE plate_number = $1', [plateNumber])).length > 0;
    },

    /** The Nambala account of the claim's policy holder, when the customer is linked to one. */
    async holderAccount(claimId: string): Promise<string | null> {
      const [row] = await db.query<{ account_id: string | null }>(
        'SELECT cu.account_id FROM insurance_claims c JOIN insurance_policies p ON p.id = c.policy_id JOIN insurance_customers cu ON cu.id = p.customer_id WHERE c.id = $1',
        [claimId],
      );
      return row?.account_id ?? null;
    },

    /** A photo's upload state; `lock` holds the row until the transaction ends (two chunks at once wait for each other). */
    async upload(claimId: string, sha256: string, lock = false): Promise<PhotoUpload | undefined> {
      const [row] = await db.query<PhotoRow & { agent_id: string }>(
        `SELECT ph.claim_id, ph.sha256, ph.size, ph.width, ph.height, ph.received, ph.completed_at, c.agent_id
         FROM insurance_claim_photos ph JOIN insurance_claims c ON c.id = ph.claim_id WHERE ph.claim_id = $1 AND ph.sha256 = $2${lock ? ' FOR UPDATE OF ph' : ''}`,
        [claimId, sha256],
      );
      return row
        ? {
            claimId: row.claim_id,
            agentId: row.agent_id,
            sha256: row.sha256,
            size: row.size,
            received: row.received,
            isComplete: row.completed_at !== null,
          }
        : undefined;
    },

    /** Adds bytes at the end of what the server has. */
    async append(claimId: string, sha256: string, bytes: Buffer): Promise<number> {
      const [row] = await db.query<{ received: number }>(
        'UPDATE insurance_claim_photos SET content = content || $3::bytea, received = received + $4 WHERE claim_id = $1 AND sha256 = $2 RETURNING received',
        [claimId, sha256, bytes, bytes.length],
      );
      return row?.received ?? 0;
    },

    /** The bytes received so far (all of them, once complete). */
    async content(claimId: string, sha256: string): Promise<Buffer | undefined> {
      const [row] = await db.query<{ content: Uint8Array | Buffer }>(
        'SELECT content FROM insurance_claim_photos WHERE claim_id = $1 AND sha256 = $2',
        [claimId, sha256],
      );
      return row ? asBuffer(row.content) : undefined;
    },

    async complete(claimId: string, sha256: string, at: Date): Promise<void> {
      await db.query('UPDATE insurance_claim_photos SET completed_at = $3 WHERE claim_id = $1 AND sha256 = $2', [
        claimId,
        sha256,
        at,
      ]);
      await db.query('UPDATE insurance_claims SET updated_at = $2 WHERE id = $1', [claimId, at]);
    },

    /** Drops what arrived of a photo whose bytes did not match its fingerprint, so it is sent again from the start. */
    async discardBytes(claimId: string, sha256: string): Promise<void> {
      await db.query(
        "UPDATE insurance_claim_photos SET content = ''::bytea, received = 0 WHERE claim_id = $1 AND sha256 = $2",
        [claimId, sha256],
      );
    },
  };
}
