/**
 * The plate registry: issued plates with their vehicle, owner, dates, standing and
 * signed credential, and the per-bucket versions devices copy it by.
 */
import { unissuedStanding, type UnissuedStanding } from '#domain/plates/lifecycle';
import type { CoverTerm } from '#domain/registry/cover';
import type { NewRegisteredPlate, PublicRegistration, RegisteredPlate } from '#domain/registry/registered-plate';
import type { CopyStanding, RegistryCopyRow, RegistryStanding } from '#domain/registry/registry-copy';
import type { Queryable } from '../db/database';

// The plate's type is the domain's; importers here keep working.
export type { NewRegisteredPlate, RegisteredPlate };

interface Row {
  plate_number: string;
  make: string;
  model: string;
  colour: string;
  year: number;
  chassis_number: string;
  owner_name: string;
  owner_nrc: string;
  registration_date: string;
  expiry_date: string;
  standing: RegistryStanding;
  standing_changed_at: Date | null;
  key_id: number;
  credential: Uint8Array;
  bucket: number;
  version: string | number;
  issued_at: Date;
  front_serial: number | null;
  rear_serial: number | null;
}

// Dates come back as text so no time zone can shift a calendar day.
const COLUMNS = `plate_number, make, model, colour, year, chassis_number, owner_name, owner_nrc,
  to_char(registration_date, 'YYYY-MM-DD') AS registration_date, to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date,
  standing, standing_changed_at, key_id, credential, bucket, version, issued_at, front_serial, rear_serial`;

const toPlate = (row: Row): RegisteredPlate => ({
  plateNumber: row.plate_number,
  make: row.make,
  model: row.model,
  colour: row.colour,
  year: row.year,
  chassisNumber: row.chassis_number,
  ownerName: row.owner_name,
  ownerNrc: row.owner_nrc,
  registrationDate: row.registration_date,
  expiryDate: row.expiry_date,
  standing: row.standing,
  standingChangedAt: row.standing_changed_at ? new Date(row.standing_changed_at).toISOString() : null,
  keyId: row.key_id,
  credential: new Uint8Array(row.credential),
  bucket: row.bucket,
  version: Number(row.version),
  issuedAt: new Date(row.issued_at).toISOString(),
  frontSerial: row.front_serial,
  rearSerial: row.rear_serial,
});

/** A registration's public columns (findPublicMany). */
interface PublicRow {
  plate_number: string;
  make: string;
  model: string;
  colour: string;
  year: number;
  registration_date: string;
  expiry_date: string;
  standing: RegistryStanding;
  standing_changed_at: Date | null;
  key_id: number;
}

/** What a public verdict on a number is read from: its registration, or else the stage it is held at. */
export interface PublicLookup {
  found: PublicRegistration | undefined;
  unissued?: { plateNumber: string; standing: UnissuedStanding } | undefined;
}

const publicLookupOf = (row: PublicRow): PublicLookup => ({
  found: {
    plateNumber: row.plate_number,
    make: row.make,
    model: row.model,
    colour: row.colour,
    year: row.year,
    registrationDate: row.registration_date,
    expiryDate: row.expiry_date,
    standing: row.standing,
    standingChangedAt: row.standing_changed_at ? new Date(row.standing_changed_at).toISOString() : null,
    keyId: row.key_id,
  },
});

export interface RegistryManifest {
  /** The registry's version (registryRepository.version): unchanged means nothing in the registry changed. */
  version: number;
  plates: number;
  /** [bucket, version, plates] for every bucket that holds plates. */
  buckets: Array<[number, number, number]>;
}

export interface Revocation {
  plateNumber: string;
  status: 'Revoked' | 'Stolen';
  at: string;
  /** Only the plate's credentials registered before this day (YYYY-MM-DD): its registration was re-issued. */
  supersededBefore?: string;
}

export function registryRepository(db: Queryable) {
  // A bucket's rows are its issued plates and the numbers held for owners but not yet
  // registered (table plates): officers' copies say what each is (docs/plate-lifecycle.md).
  const bucketContent = (where: string) => `SELECT bucket, version FROM registered_plates ${where}
    UNION ALL SELECT bucket, version FROM plates ${where === '' ? "WHERE stage <> 'Registered'" : `${where} AND stage <> 'Registered'`}`;

  const unissuedOf = async (plateNumbers: readonly string[]): Promise<Map<string, UnissuedStanding>> => {
    if (plateNumbers.length === 0) return new Map();
    const rows = await db.query<{ plate_number: string; stage: 'Held' | 'Made' }>(
      "SELECT plate_number, stage FROM plates WHERE plate_number = ANY($1::text[]) AND stage <> 'Registered'",
      [plateNumbers],
    );
    return new Map(rows.map((row) => [row.plate_number, unissuedStanding(row.stage)]));
  };

  const refreshBuckets = async (buckets: readonly number[] | 'all'): Promise<void> => {
    const where = buckets === 'all' ? '' : 'WHERE bucket = ANY($1::smallint[])';
    const params = buckets === 'all' ? [] : [buckets];
    await db.query(
      `INSERT INTO registry_buckets (bucket, version, plates)
       SELECT bucket, MAX(version), COUNT(*) FROM (${bucketContent(where)}) AS content GROUP BY bucket
       ON CONFLICT (bucket) DO UPDATE SET version = EXCLUDED.version, plates = EXCLUDED.plates`,
      params,
    );
  };

  /**
   * Gives the buckets a new version and recounts them: after a row left a bucket (a hold
   * released, a plate registered) the highest remaining version may not have changed.
   */
  const touchBuckets = async (buckets: readonly number[]): Promise<void> => {
    if (buckets.length === 0) return;
    await db.query(
      `INSERT INTO registry_buckets (bucket, version, plates)
       SELECT b, nextval('registry_version_seq'),
         (SELECT count(*) FROM registered_plates r WHERE r.bucket = b) + (SELECT count(*) FROM plates p WHERE p.bucket = b AND p.stage <> 'Registered')
       FROM unnest($1::smallint[]) AS b
       ON CONFLICT (bucket) DO UPDATE SET version = EXCLUDED.version, plates = EXCLUDED.plates`,
      [[...new Set(buckets)]],
    );
  };

  return {
    refreshBuckets,
    touchBuckets,

    /** Inserts issued plates in one statement per call (callers batch a few thousand). */
    async insertMany(plates: readonly NewRegisteredPlate[]): Promise<void> {
      if (plates.length === 0) return;
      const column = <K extends keyof NewRegisteredPlate>(key: K) => plates.map((plate) => plate[key]);
      await db.query(
        `INSERT INTO registered_plates (plate_number, make, model, colour, year, chassis_number, owner_name, owner_nrc,
           registration_date, expiry_date, standing, standing_changed_at, key_id, credential, bucket)
         SELECT p, mk, md, c, y, ch, o, n, rd, ed, s, CASE WHEN s = 'Valid' THEN NULL ELSE now() END, k, cr, b
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[],
                     $9::date[], $10::date[], $11::text[], $12::int[], $13::bytea[], $14::smallint[])
           AS t(p, mk, md, c, y, ch, o, n, rd, ed, s, k, cr, b)`,
        [
          column('plateNumber'),
          column('make'),
          column('model'),
          column('colour'),
          column('year'),
          column('chassisNumber'),
          column('ownerName'),
          column('ownerNrc'),
          column('registrationDate'),
          column('expiryDate'),
          column('standing'),
          column('keyId'),
          plates.map((plate) => Buffer.from(plate.credential)),
          column('bucket'),
        ],
      );
      await refreshBuckets([...new Set(column('bucket'))]);
    },

    /** The plate's blanks, from its manufacturing record; its bucket gets a new version so officers' copies fetch them. */
    async setSerials(plateNumber: string, serials: { front: number; rear: number }): Promise<void> {
      const [row] = await db.query<{ bucket: number }>(
        "UPDATE registered_plates SET front_serial = $2, rear_serial = $3, version = nextval('registry_version_seq') WHERE plate_number = $1 RETURNING bucket",
        [plateNumber, serials.front, serials.rear],
      );
      if (row) await refreshBuckets([row.bucket]);
    },

    async find(plateNumber: string): Promise<RegisteredPlate | undefined> {
      const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM registered_plates WHERE plate_number = $1`, [
        plateNumber,
      ]);
      return row ? toPlate(row) : undefined;
    },

    /** Many plates in one statement (the partner API's bulk check): those registered, by number. */
    async findMany(plateNumbers: readonly string[]): Promise<Map<string, RegisteredPlate>> {
      if (plateNumbers.length === 0) return new Map();
      const rows = await db.query<Row>(
        `SELECT ${COLUMNS} FROM registered_plates WHERE plate_number = ANY($1::text[])`,
        [plateNumbers],
      );
      return new Map(rows.map((row) => [row.plate_number, toPlate(row)]));
    },

    /** The registration of the vehicle with this chassis number (as the registry writes it, upper case). */
    async findByChassis(chassisNumber: string): Promise<RegisteredPlate | undefined> {
      const [row] = await db.query<Row>(
        `SELECT ${COLUMNS} FROM registered_plates WHERE chassis_number = $1 ORDER BY registration_date DESC LIMIT 1`,
        [chassisNumber],
      );
      return row ? toPlate(row) : undefined;
    },

    async count(): Promise<number> {
      const [row] = await db.query<{ plates: string | null }>('SELECT SUM(plates) AS plates FROM registry_buckets');
      return Number(row?.plates ?? 0);
    },

    /** Changes a plate's standing; its bucket gets a new version so devices re-fetch it. */
    async setStanding(plateNumber: string, standing: RegistryStanding): Promise<RegisteredPlate | undefined> {
      const [row] = await db.query<Row>(
        `UPDATE registered_plates SET standing = $2, standing_changed_at = now(), version = nextval('registry_version_seq')
         WHERE plate_number = $1 RETURNING ${COLUMNS}`,
        [plateNumber, standing],
      );
      if (!row) return undefined;
      await refreshBuckets([row.bucket]);
      return toPlate(row);
    },

    /**
     * The registry's version: the sum of its buckets' versions, which moves with every committed
     * change. Not the highest version: versions are taken from a sequence before their
     * transactions commit, so a change committed after a later-numbered one (two writers, on one
     * server instance or two) would leave the highest unchanged, and a cache or a device asking
     * "changed since?" would miss it for good.
     */
    async version(): Promise<number> {
      const [row] = await db.query<{ version: string | null }>(
        'SELECT SUM(version)::text AS version FROM registry_buckets',
      );
      return Number(row?.version ?? 0);
    },

    async manifest(): Promise<RegistryManifest> {
      const rows = await db.query<{ bucket: number; version: string; plates: number }>(
        'SELECT bucket, version, plates FROM registry_buckets ORDER BY bucket',
      );
      let version = 0;
      let plates = 0;
      const buckets = rows.map((row): [number, number, number] => {
        const bucketVersion = Number(row.version);
        version += bucketVersion;
        plates += row.plates;
        return [row.bucket, bucketVersion, row.plates];
      });
      return { version, plates, buckets };
    },

    /**
     * The device-copy rows of the given buckets, by bucket. A registered plate's row carries
     * the terms of its policies that are not cancelled and have not ended by `today` (the
     * server's day): the device reads the cover on its own day from them
     * (docs/decisions/020-cover-in-registry-copy.md).
     */
    async bucketRows(buckets: readonly number[], today: string): Promise<Map<number, RegistryCopyRow[]>> {
      const rows = await db.query<{
        bucket: number;
        plate_number: string;
        standing: CopyStanding;
        registration_date: string;
        expiry_date: string;
        make: string;
        model: string;
        colour: string;
        key_id: number | null;
        front_serial: number | null;
        rear_serial: number | null;
      }>(
        `SELECT bucket, plate_number, standing, to_char(registration_date, 'YYYY-MM-DD') AS registration_date,
                to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date, make, model, colour, key_id, front_serial, rear_serial
         FROM registered_plates WHERE bucket = ANY($1::smallint[])
         UNION ALL
         SELECT bucket, plate_number, CASE stage WHEN 'Held' THEN 'Allocated' ELSE 'Made' END, '', '', '', '', '', NULL, NULL, NULL
         FROM plates WHERE bucket = ANY($1::smallint[]) AND stage <> 'Registered'`,
        [buckets],
      );
      const terms = await db.query<{ plate_number: string; insurer: string; start_date: string; end_date: string }>(
        `SELECT i.plate_number, i.insurer, to_char(i.start_date, 'YYYY-MM-DD') AS start_date, to_char(i.end_date, 'YYYY-MM-DD') AS end_date
         FROM insurance_policies i JOIN registered_plates r ON r.plate_number = i.plate_number
         WHERE r.bucket = ANY($1::smallint[]) AND i.cancelled_at IS NULL AND i.end_date >= $2::date
         ORDER BY i.plate_number, i.start_date, i.policy_number`,
        [buckets, today],
      );
      const coverOf = new Map<string, CoverTerm[]>();
      for (const term of terms) {
        const list = coverOf.get(term.plate_number) ?? [];
        list.push({ insurer: term.insurer, startDate: term.start_date, endDate: term.end_date });
        coverOf.set(term.plate_number, list);
      }
      const byBucket = new Map<number, RegistryCopyRow[]>(buckets.map((bucket) => [bucket, []]));
      for (const row of rows) {
        const isIssued = row.standing === 'Valid' || row.standing === 'Revoked' || row.standing === 'Stolen';
        byBucket.get(row.bucket)?.push({
          plateNumber: row.plate_number,
          standing: row.standing,
          registrationDate: row.registration_date,
          expiryDate: row.expiry_date,
          make: row.make,
          model: row.model,
          colour: row.colour,
          ...(isIssued
            ? { cover: coverOf.get(row.plate_number) ?? [], ...(row.key_id === null ? {} : { keyId: row.key_id }) }
            : {}),
          ...(isIssued && row.front_serial !== null && row.rear_serial !== null
            ? { serials: { front: row.front_serial, rear: row.rear_serial } }
            : {}),
        });
      }
      return byBucket;
    },

    /**
     * A policy on the plate was issued, renewed or cancelled: the plate gets a new version so
     * officers' copies fetch its bucket again with the new cover. Called in the policy's
     * transaction; a number not registered changes nothing.
     */
    async coverChanged(plateNumber: string): Promise<void> {
      const [row] = await db.query<{ bucket: number }>(
        "UPDATE registered_plates SET version = nextval('registry_version_seq') WHERE plate_number = $1 RETURNING bucket",
        [plateNumber],
      );
      if (row) await refreshBuckets([row.bucket]);
    },

    /** A number held for an owner and not yet registered: its stage; undefined otherwise. */
    async findUnissued(plateNumber: string): Promise<{ plateNumber: string; standing: UnissuedStanding } | undefined> {
      const [row] = await db.query<{ stage: 'Held' | 'Made' }>(
        "SELECT stage FROM plates WHERE plate_number = $1 AND stage <> 'Registered'",
        [plateNumber],
      );
      return row ? { plateNumber, standing: unissuedStanding(row.stage) } : undefined;
    },

    /**
     * What a public verdict on each of the given numbers is made of: a registered plate's public
     * facts, or else the stage of a number held for an owner, in one statement for the
     * registered and one for the others if any. A number in neither is not in the map.
     */
    async findPublicMany(plateNumbers: readonly string[]): Promise<Map<string, PublicLookup>> {
      if (plateNumbers.length === 0) return new Map();
      const rows = await db.query<PublicRow>(
        `SELECT plate_number, make, model, colour, year, to_char(registration_date, 'YYYY-MM-DD') AS registration_date,
           to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date, standing, standing_changed_at, key_id
         FROM registered_plates WHERE plate_number = ANY($1::text[])`,
        [plateNumbers],
      );
      const facts = new Map<string, PublicLookup>(rows.map((row) => [row.plate_number, publicLookupOf(row)]));
      const others = plateNumbers.filter((number) => !facts.has(number));
      for (const [plateNumber, standing] of await unissuedOf(others))
        facts.set(plateNumber, { found: undefined, unissued: { plateNumber, standing } });
      return facts;
    },

    /** Of the given numbers, those held for an owner but not yet registered, with their stage. */
    findUnissuedMany: unissuedOf,

    /**
     * A plate's registration issued again (a transfer or a renewal): new owner or dates and
     * a new credential, Valid again, with a new version so officers' copies fetch it.
     */
    async reissue(plate: NewRegisteredPlate & { ownerId: string | null }): Promise<RegisteredPlate | undefined> {
      const [row] = await db.query<Row>(
        `UPDATE registered_plates SET make = $2, model = $3, colour = $4, year = $5, chassis_number = $6, owner_name = $7, owner_nrc = $8,
           registration_date = $9, expiry_date = $10, standing = $11, standing_changed_at = CASE WHEN $11::text = standing THEN standing_changed_at ELSE now() END,
           key_id = $12, credential = $13, owner_id = $14, issued_at = now(), version = nextval('registry_version_seq')
         WHERE plate_number = $1 RETURNING ${COLUMNS}`,
        [
          plate.plateNumber,
          plate.make,
          plate.model,
          plate.colour,
          plate.year,
          plate.chassisNumber,
          plate.ownerName,
          plate.ownerNrc,
          plate.registrationDate,
          plate.expiryDate,
          plate.standing,
          plate.keyId,
          Buffer.from(plate.credential),
          plate.ownerId,
        ],
      );
      if (!row) return undefined;
      await refreshBuckets([row.bucket]);
      return toPlate(row);
    },

    async setOwnerId(plateNumber: string, ownerId: string | null): Promise<void> {
      await db.query('UPDATE registered_plates SET owner_id = $2 WHERE plate_number = $1', [plateNumber, ownerId]);
    },

    /**
     * Records that the plate's credentials registered before `before` (YYYY-MM-DD) were
     * replaced by a re-issue at `at`; a later re-issue replaces the entry. The caller
     * re-issues the registration in the same transaction, which gives the registry (and so
     * the revocation list) a new version.
     */
    async supersede(plateNumber: string, before: string, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO credential_supersessions (plate_number, superseded_before, at) VALUES ($1, $2, $3)
         ON CONFLICT (plate_number) DO UPDATE SET superseded_before = EXCLUDED.superseded_before, at = EXCLUDED.at`,
        [plateNumber, before, at],
      );
    },

    /**
     * The devices' revocation list: plates revoked or stolen (every credential), and for
     * plates in good standing whose registration was re-issued, the older credentials.
     */
    async revocations(): Promise<Revocation[]> {
      const rows = await db.query<{
        plate_number: string;
        standing: 'Revoked' | 'Stolen';
        standing_changed_at: Date | null;
        issued_at: Date;
        superseded_before: string | null;
      }>(
        `SELECT plate_number, standing, standing_changed_at, issued_at, NULL AS superseded_before FROM registered_plates WHERE standing <> 'Valid'
         UNION ALL
         SELECT s.plate_number, 'Revoked', s.at, s.at, to_char(s.superseded_before, 'YYYY-MM-DD')
         FROM credential_supersessions s JOIN registered_plates r ON r.plate_number = s.plate_number AND r.standing = 'Valid'
         ORDER BY plate_number`,
      );
      return rows.map((row) => ({
        plateNumber: row.plate_number,
        status: row.standing,
        at: new Date(row.standing_changed_at ?? row.issued_at).toISOString(),
        ...(row.superseded_before === null ? {} : { supersededBefore: row.superseded_before }),
      }));
    },
  };
}
