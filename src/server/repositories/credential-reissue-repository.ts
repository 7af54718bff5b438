/**
 * Re-issue runs (migration 0026): the record of re-signing every registered plate whose
 * credential a replaced key signed, its cursor, and the plates of each batch.
 */
import type { Queryable } from '../db/database';

export type ReissueReason = 'revoked' | 'retired';
export type ReissueState = 'running' | 'finished' | 'superseded';

export interface ReissueRun {
  id: number;
  keyId: number;
  reason: ReissueReason;
  state: ReissueState;
  total: number;
  done: number;
  batches: number;
  cursor: { bucket: number; plateNumber: string } | null;
  startedBy: string | null;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

interface RunRow {
  id: number;
  key_id: number;
  reason: ReissueReason;
  state: ReissueState;
  total: number;
  done: number;
  batches: number;
  cursor_bucket: number | null;
  cursor_plate: string | null;
  started_by: string | null;
  started_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

const toRun = (row: RunRow): ReissueRun => ({
  id: row.id,
  keyId: row.key_id,
  reason: row.reason,
  state: row.state,
  total: row.total,
  done: row.done,
  batches: row.batches,
  cursor:
    row.cursor_bucket === null || row.cursor_plate === null
      ? null
      : { bucket: row.cursor_bucket, plateNumber: row.cursor_plate },
  startedBy: row.started_by,
  startedAt: new Date(row.started_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  finishedAt: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
});

/** A plate of a batch, as it is re-signed: the signed fields, who owns it, where it lives. */
export interface PlateToResign {
  plateNumber: string;
  make: string;
  model: string;
  colour: string;
  registrationDate: string;
  expiryDate: string;
  keyId: number;
  bucket: number;
  ownerId: string | null;
}

interface PlateRow {
  plate_number: string;
  make: string;
  model: string;
  colour: string;
  registration_date: string;
  expiry_date: string;
  key_id: number;
  bucket: number;
  owner_id: string | null;
}

const PLATE_COLUMNS = `plate_number, make, model, colour, to_char(registration_date, 'YYYY-MM-DD') AS registration_date,
  to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date, key_id, bucket, owner_id`;

const toPlate = (row: PlateRow): PlateToResign => ({
  plateNumber: row.plate_number,
  make: row.make,
  model: row.model,
  colour: row.colour,
  registrationDate: row.registration_date,
  expiryDate: row.expiry_date,
  keyId: row.key_id,
  bucket: row.bucket,
  ownerId: row.owner_id,
});

export function credentialReissueRepository(db: Queryable) {
  return {
    /**
     * Starts a run for every plate not signed by `activeKeyId`; a run still going is
     * superseded (the new one covers its plates too, from the start of the registry).
     */
    async start(input: {
      keyId: number;
      reason: ReissueReason;
      activeKeyId: number;
      startedBy: string | null;
    }): Promise<ReissueRun> {
      await db.query(
        "UPDATE credential_reissue_runs SET state = 'superseded', finished_at = now(), updated_at = now() WHERE state = 'running'",
      );
      const [row] = await db.query<RunRow>(
        `INSERT INTO credential_reissue_runs (key_id, reason, state, total, started_by)
         VALUES ($1, $2, 'running', (SELECT count(*) FROM registered_plates WHERE key_id <> $3), $4) RETURNING *`,
        [input.keyId, input.reason, input.activeKeyId, input.startedBy],
      );
      if (!row) throw new Error('the re-issue run was not recorded');
      return toRun(row);
    },

    async running(): Promise<ReissueRun | undefined> {
      const [row] = await db.query<RunRow>("SELECT * FROM credential_reissue_runs WHERE state = 'running'");
      return row ? toRun(row) : undefined;
    },

    /** The running run, locked for this transaction; undefined when there is none or another server holds it. */
    async lockRunning(): Promise<ReissueRun | undefined> {
      const [row] = await db.query<RunRow>(
        "SELECT * FROM credential_reissue_runs WHERE state = 'running' FOR UPDATE SKIP LOCKED",
      );
      return row ? toRun(row) : undefined;
    },

    /** The latest run, whatever its state (the QR System page shows it). */
    async latest(): Promise<ReissueRun | undefined> {
      const [row] = await db.query<RunRow>('SELECT * FROM credential_reissue_runs ORDER BY id DESC LIMIT 1');
      return row ? toRun(row) : undefined;
    },

    /** The next plates after the cursor not signed by the active key, locked, in (bucket, plate) order. */
    async nextBatch(cursor: ReissueRun['cursor'], activeKeyId: number, size: number): Promise<PlateToResign[]> {
      const rows = await db.query<PlateRow>(
        `SELECT ${PLATE_COLUMNS} FROM registered_plates
         WHERE (bucket, plate_number) > ($1::smallint, $2::text) AND key_id <> $3
         ORDER BY bucket, plate_number LIMIT $4 FOR UPDATE`,
        [cursor?.bucket ?? -1, cursor?.plateNumber ?? '', activeKeyId, size],
      );
      return rows.map(toPlate);
    },

    /** Of these plates, those whose credential a revoked key signed, by plate number. */
    async signedByRevokedKeys(plateNumbers: readonly string[]): Promise<string[]> {
      const rows = await db.query<{ plate_number: string }>(
        `SELECT r.plate_number FROM registered_plates r JOIN signing_keys k ON k.key_id = r.key_id
         WHERE r.plate_number = ANY($1::text[]) AND k.status = 'revoked' ORDER BY r.plate_number`,
        [[...plateNumbers]],
      );
      return rows.map((row) => row.plate_number);
    },

    /** These plates' current credentials, with the key that signed each. */
    async currentCredentials(
      plateNumbers: readonly string[],
    ): Promise<Array<{ plateNumber: string; keyId: number; credential: Uint8Array }>> {
      const rows = await db.query<{ plate_number: string; key_id: number; credential: Uint8Array }>(
        'SELECT plate_number, key_id, credential FROM registered_plates WHERE plate_number = ANY($1::text[])',
        [[...plateNumbers]],
      );
      return rows.map((row) => ({
        plateNumber: row.plate_number,
        keyId: row.key_id,
        credential: new Uint8Array(row.credential),
      }));
    },

    /** One plate, locked, when a key other than the active one signed its credential. */
    async lockIfOutdated(plateNumber: string, activeKeyId: number): Promise<PlateToResign | undefined> {
      const [row] = await db.query<PlateRow>(
        `SELECT ${PLATE_COLUMNS} FROM registered_plates WHERE plate_number = $1 AND key_id <> $2 FOR UPDATE`,
        [plateNumber, activeKeyId],
      );
      return row ? toPlate(row) : undefined;
    },

    /** The new credentials, one statement; each plate gets a new version so devices fetch it. */
    async writeCredentials(
      plates: ReadonlyArray<{ plateNumber: string; keyId: number; credential: Uint8Array }>,
    ): Promise<void> {
      if (plates.length === 0) return;
      await db.query(
        `UPDATE registered_plates r SET key_id = t.k, credential = t.c, version = nextval('registry_version_seq')
         FROM unnest($1::text[], $2::int[], $3::bytea[]) AS t(p, k, c) WHERE r.plate_number = t.p`,
        [
          plates.map((plate) => plate.plateNumber),
          plates.map((plate) => plate.keyId),
          plates.map((plate) => Buffer.from(plate.credential)),
        ],
      );
    },

    /** Records the batch against the run: where the next one starts, and how many were done. */
    async advance(runId: number, cursor: { bucket: number; plateNumber: string }, count: number): Promise<void> {
      await db.query(
        'UPDATE credential_reissue_runs SET cursor_bucket = $2, cursor_plate = $3, done = done + $4, batches = batches + 1, updated_at = now() WHERE id = $1',
        [runId, cursor.bucket, cursor.plateNumber, count],
      );
    },

    /** A plate re-issued outside the batches (on demand) counts as done. */
    async countOne(runId: number): Promise<void> {
      await db.query('UPDATE credential_reissue_runs SET done = done + 1, updated_at = now() WHERE id = $1', [runId]);
    },

    /**
     * No plate is left on another key. Plates that left the run's count meanwhile (re-issued by
     * a transfer or a renewal, which sign with the active key) are done too, so done = total.
     */
    async finish(runId: number): Promise<void> {
      await db.query(
        "UPDATE credential_reissue_runs SET state = 'finished', done = GREATEST(done, total), finished_at = now(), updated_at = now() WHERE id = $1",
        [runId],
      );
    },

    /** Of these owners, the ones not yet told during the run, now recorded as told. */
    async firstNotices(runId: number, ownerIds: readonly string[]): Promise<string[]> {
      if (ownerIds.length === 0) return [];
      const rows = await db.query<{ owner_id: string }>(
        `INSERT INTO credential_reissue_notices (run_id, owner_id) SELECT $1, o FROM unnest($2::text[]) AS o
         ON CONFLICT DO NOTHING RETURNING owner_id`,
        [runId, [...new Set(ownerIds)]],
      );
      return rows.map((row) => row.owner_id);
    },

    /** How many of an owner's plates are not on the active key (what the notice counts). */
    async outdatedPlatesOf(ownerId: string, activeKeyId: number): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM registered_plates WHERE owner_id = $1 AND key_id <> $2',
        [ownerId, activeKeyId],
      );
      return row?.n ?? 0;
    },
  };
}
