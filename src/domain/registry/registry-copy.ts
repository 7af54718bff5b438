// The verification registry as a device keeps it: the fields a roadside check needs
// (plate number, standing, dates, make, model, colour) and nothing personal.
//
// Plates are spread over a fixed number of buckets by a hash of the plate number.
// A bucket travels and is stored as one compact text block, so copying Zambia's
// whole fleet (about a million plates) is a few thousand writes, not a million, and a
// lookup reads one small block. A change to one plate re-sends only its bucket.
// Why this shape and what it measures: docs/decisions/009-device-registry.md.
import type { UnissuedStanding } from '../plates/lifecycle';

/** Fixed for the life of the format: changing it would re-bucket every device's copy. */
export const REGISTRY_BUCKET_COUNT = 4096;

/** The standing stored in the registry. Expired is not stored: it follows from the expiry date. */
export const REGISTRY_STANDINGS = ['Valid', 'Revoked', 'Stolen'] as const;
export type RegistryStanding = (typeof REGISTRY_STANDINGS)[number];

/**
 * What the copy says of a plate: an issued plate's standing, or for a number held for an
 * owner and not yet registered (docs/plate-lifecycle.md) Allocated or Made.
 */
export type CopyStanding = RegistryStanding | UnissuedStanding;

const STANDING_CODE: Record<CopyStanding, string> = { Valid: 'V', Revoked: 'R', Stolen: 'S', Allocated: 'A', Made: 'M' };
const CODE_STANDING: Record<string, CopyStanding> = { V: 'Valid', R: 'Revoked', S: 'Stolen', A: 'Allocated', M: 'Made' };

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

/** One bucket's rows as a text block, sorted by plate number. */
export function encodeBucket(rows: readonly RegistryCopyRow[]): string {
  return [...rows]
    .sort((a, b) => (a.plateNumber < b.plateNumber ? -1 : a.plateNumber > b.plateNumber ? 1 : 0))
    .map((row) =>
      [row.plateNumber, STANDING_CODE[row.standing], toDays(row.registrationDate), toDays(row.expiryDate), cleanText(row.make), cleanText(row.model), cleanText(row.colour)].join(
        FIELD_SEPARATOR,
      ),
    )
    .join(ROW_SEPARATOR);
}

function decodeLine(line: string): RegistryCopyRow | null {
  const [plateNumber, code, registration, expiry, make, model, colour] = line.split(FIELD_SEPARATOR);
  const standing = code === undefined ? undefined : CODE_STANDING[code];
  if (!plateNumber || !standing || registration === undefined || expiry === undefined || make === undefined || model === undefined || colour === undefined) return null;
  return { plateNumber, standing, registrationDate: fromDays(registration), expiryDate: fromDays(expiry), make, model, colour };
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
