// The verification registry as a device keeps it: the fields a roadside check needs
// (plate number, standing, dates, make, model, colour) and nothing personal.
//
// Plates are spread over a fixed number of buckets by a hash of the plate number.
// A bucket travels and is stored as one compact text block, so copying Zambia's
// whole fleet (about a million plates) is a few thousand writes, not a million, and a
// lookup reads one small block. A change to one plate re-sends only its bucket.
// Why this shape and what it measures: docs/decisions/009-device-registry.md; the
// insurance cover a registered plate's row carries for officers: docs/decisions/020-cover-in-registry-copy.md.
import type { UnissuedStanding } from '../plates/lifecycle';
import type { CoverTerm } from './cover';

/** Fixed for the life of the format: changing it would re-bucket every device's copy. */
export const REGISTRY_BUCKET_COUNT = 4096;

/**
 * The row format a device's copy holds. 1: plate, standing, dates, vehicle. 2: a
 * registered plate's row also carries its insurance cover. 3: and, after it, the key that
 * signed its credential and its blanks' serials. A device holding a copy of an older format
 * fetches every bucket again (src/app/verdicts/registry-copy.ts).
 */
export const REGISTRY_COPY_FORMAT = 3;

/** The standing stored in the registry. Expired is not stored: it follows from the expiry date. */
export const REGISTRY_STANDINGS = ['Valid', 'Revoked', 'Stolen'] as const;
export type RegistryStanding = (typeof REGISTRY_STANDINGS)[number];

/**
 * What the copy says of a plate: an issued plate's standing, or for a number held for an
 * owner and not yet registered (docs/plate-lifecycle.md) Allocated or Made.
 */
export type CopyStanding = RegistryStanding | UnissuedStanding;

const STANDING_CODE: Record<CopyStanding, string> = {
  Valid: 'V',
  Revoked: 'R',
  Stolen: 'S',
  Allocated: 'A',
  Made: 'M',
};
const CODE_STANDING: Record<string, CopyStanding> = {
  V: 'Valid',
  R: 'Revoked',
  S: 'Stolen',
  A: 'Allocated',
  M: 'Made',
};

export interface RegistryCopyRow {
  plateNumber: string;
  standing: CopyStanding;
  /** YYYY-MM-DD; '' for a plate not yet issued */
  registrationDate: string;
  /** YYYY-MM-DD; '' for a plate not yet issued */
  expiryDate: string;
  make: string;
  model: string;
  colour: string;
  /**
   * A registered plate's insurance: the terms of its policies that are not cancelled and
   * had not ended when the row was made (none: []). Absent on a plate not yet issued, and
   * on a row of format 1, which said nothing of insurance.
   */
  cover?: CoverTerm[];
  /**
   * The key that signed the plate's current credential: after the cover terms, so a row
   * without it (made before it was sent) still reads. A QR code from another, retired key
   * is then a re-issued plate's old one (src/domain/credential/outdated-credential.ts).
   */
  keyId?: number;
  /** A registered plate's blank serials (numbers: 1234 is ZB-0001234); absent when the registry has none, and on rows of older formats. */
  serials?: { front: number; rear: number };
}

/**
 * FNV-1a (32-bit) of the plate number's characters, modulo the bucket count. Cheap,
 * the same on server and device, and spreads sequential numbers evenly.
 */
export function registryBucketOf(plateNumber: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < plateNumber.length; i += 1) {
    hash ^= plateNumber.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % REGISTRY_BUCKET_COUNT;
}

const DAY_MS = 86_400_000;

/** A date as base-36 days since 1970; '' (not issued) stays ''. */
function toDays(date: string): string {
  return date === '' ? '' : Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS).toString(36);
}

function fromDays(text: string): string {
  return text === '' ? '' : new Date(parseInt(text, 36) * DAY_MS).toISOString().slice(0, 10);
}

// Fields never contain tabs or line breaks: plate numbers are A–Z, 0–9, space and
// hyphen, and vehicle text is checked for control characters before it is stored.
const FIELD_SEPARATOR = '\t';
const ROW_SEPARATOR = '\n';

function cleanText(value: string): string {
  return value.replace(/[\t\n\r]/g, ' ');
}

/**
 * The cover fields after the colour: the number of terms (base 36), then start, end (base-36
 * days) and insurer for each. The count keeps "no cover" ('0') apart from a format-1 row
 * that says nothing, and lets a later format add fields after the terms.
 */
function coverFields(cover: readonly CoverTerm[] | undefined): string[] {
  if (cover === undefined) return [];
  return [
    cover.length.toString(36),
    ...cover.flatMap((term) => [toDays(term.startDate), toDays(term.endDate), cleanText(term.insurer)]),
  ];
}

/** One bucket's rows as a text block, sorted by plate number. */
export function encodeBucket(rows: readonly RegistryCopyRow[]): string {
  return [...rows]
    .sort((a, b) => (a.plateNumber < b.plateNumber ? -1 : a.plateNumber > b.plateNumber ? 1 : 0))
    .map((row) =>
      [
        row.plateNumber,
        STANDING_CODE[row.standing],
        toDays(row.registrationDate),
        toDays(row.expiryDate),
        cleanText(row.make),
        cleanText(row.model),
        cleanText(row.colour),
        ...coverFields(row.cover),
        // After the cover terms: the key that signed the credential ('' when not known), then the
        // blanks' serials, all in base 36; none of them when the registry knows neither.
        ...(row.cover !== undefined && (row.keyId !== undefined || row.serials)
          ? [
              row.keyId?.toString(36) ?? '',
              ...(row.serials ? [row.serials.front.toString(36), row.serials.rear.toString(36)] : []),
            ]
          : []),
      ].join(FIELD_SEPARATOR),
    )
    .join(ROW_SEPARATOR);
}

/** The terms from the fields after the colour; undefined when there are none or they are cut short (the row itself still counts). */
function decodeCover(fields: readonly string[]): CoverTerm[] | undefined {
  const [count, ...rest] = fields;
  if (count === undefined || !/^[0-9a-z]+$/.test(count)) return undefined;
  const terms: CoverTerm[] = [];
  for (let index = 0; index < parseInt(count, 36); index += 1) {
    const [start, end, insurer] = rest.slice(index * 3, index * 3 + 3);
    if (!start || !end || insurer === undefined) return undefined;
    terms.push({ insurer, startDate: fromDays(start), endDate: fromDays(end) });
  }
  return terms;
}

function decodeLine(line: string): RegistryCopyRow | null {
  const [plateNumber, code, registration, expiry, make, model, colour, ...more] = line.split(FIELD_SEPARATOR);
  const standing = code === undefined ? undefined : CODE_STANDING[code];
  if (
    !plateNumber ||
    !standing ||
    registration === undefined ||
    expiry === undefined ||
    make === undefined ||
    model === undefined ||
    colour === undefined
  )
    return null;
  const row: RegistryCopyRow = {
    plateNumber,
    standing,
    registrationDate: fromDays(registration),
    expiryDate: fromDays(expiry),
    make,
    model,
    colour,
  };
  const cover = decodeCover(more);
  if (cover !== undefined) {
    row.cover = cover;
    const [keyId, front, rear] = more.slice(1 + cover.length * 3);
    if (keyId && /^[0-9a-z]{1,4}$/.test(keyId)) row.keyId = parseInt(keyId, 36);
    if (front && rear && /^[0-9a-z]+$/.test(front) && /^[0-9a-z]+$/.test(rear))
      row.serials = { front: parseInt(front, 36), rear: parseInt(rear, 36) };
  }
  return row;
}

/** Every row of a bucket block (for tests and for showing a copy's contents). */
export function decodeBucket(block: string): RegistryCopyRow[] {
  if (block === '') return [];
  return block.split(ROW_SEPARATOR).flatMap((line) => decodeLine(line) ?? []);
}

/**
 * The row for one plate in a bucket block, or undefined. Searches the text for the
 * line that starts with the plate number, so a lookup never splits the whole block.
 */
export function findInBucket(block: string, plateNumber: string): RegistryCopyRow | undefined {
  const key = plateNumber + FIELD_SEPARATOR;
  let start = block.startsWith(key) ? 0 : -1;
  if (start < 0) {
    const at = block.indexOf(ROW_SEPARATOR + key);
    if (at < 0) return undefined;
    start = at + 1;
  }
  const end = block.indexOf(ROW_SEPARATOR, start);
  return decodeLine(block.slice(start, end < 0 ? undefined : end)) ?? undefined;
}

/** How many rows a block holds, without decoding it. */
export function countBucketRows(block: string): number {
  if (block === '') return 0;
  let count = 1;
  for (let at = block.indexOf(ROW_SEPARATOR); at >= 0; at = block.indexOf(ROW_SEPARATOR, at + 1)) count += 1;
  return count;
}
