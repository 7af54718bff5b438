/**
 * The officer's copy of the verification registry: plate number, standing, dates,
 * make, model, colour and insurance cover for every issued plate, so a typed number is
 * checked with no signal. It is copied bucket by bucket (docs/decisions/009-device-registry.md):
 * the first copy fetches every bucket, later refreshes only those whose version
 * changed. Each batch and the versions it brings are stored in one transaction, so
 * an interrupted copy resumes where it stopped.
 */
import {
  findInBucket,
  REGISTRY_BUCKET_COUNT,
  REGISTRY_COPY_FORMAT,
  registryBucketOf,
  type RegistryCopyRow,
} from '#domain/registry/registry-copy';
import type { Revocation } from '#domain/credential/verdict';
import type { NambalaDatabase, RegistryBucket } from '../store/database';
import { readAtOnce } from '../store/read-at-once';
import { TRUST_META_KEY, type TrustMeta } from './trust';
import { apiRequest } from '../api/api-client';

export const REGISTRY_COPY_META_KEY = 'registryCopy';
/** Bucket versions as the device holds them, one number per bucket (0: not held). */
export const REGISTRY_VERSIONS_META_KEY = 'registryBucketVersions';
const BUCKETS_PER_REQUEST = 256;

export interface RegistryCopyMeta {
  version: number;
  plates: number;
  /** Server time of the manifest the copy matches. */
  updatedAt: string;
  /** Server time of the last check that found nothing new. */
  checkedAt: string;
  /** The row format the buckets were fetched in (REGISTRY_COPY_FORMAT); absent: 1. */
  format?: number;
}

export interface CopyProgress {
  buckets: number;
  totalBuckets: number;
}

interface ManifestResponse {
  version: number;
  unchanged: boolean;
  plates?: number;
  bucketCount: number;
  buckets?: Array<[number, number, number]>;
  serverTime: string;
}

interface BucketsResponse {
  buckets: Array<{ bucket: number; version: number; rows: string }>;
}

/** Thrown when the copy is refused (signed out, or no longer an officer). */
export class RegistryCopyRefused extends Error {
  constructor(readonly status: number) {
    super(
      status === 401
        ? 'Please sign in to keep the registry on this device.'
        : 'Only officers and administrators keep the registry on their device.',
    );
    this.name = 'RegistryCopyRefused';
  }
}

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const result = await apiRequest<T>('GET', path, undefined, signal);
  if (result.status === 401 || result.status === 403) throw new RegistryCopyRefused(result.status);
  if (!result.ok) throw new Error(`${path} answered ${result.status}`);
  return result.body;
}

export async function registryCopyMeta(database: NambalaDatabase): Promise<RegistryCopyMeta | undefined> {
  return (await database.meta.get(REGISTRY_COPY_META_KEY))?.value as RegistryCopyMeta | undefined;
}

/**
 * Brings the device's copy up to date with the server. Two requests are kept in
 * flight, so the network and IndexedDB work at the same time.
 */
export async function refreshRegistryCopy(
  database: NambalaDatabase,
  onProgress: (progress: CopyProgress | null) => void = () => {},
  signal?: AbortSignal,
): Promise<RegistryCopyMeta> {
  const meta = await registryCopyMeta(database);
  if (meta && (meta.format ?? 1) !== REGISTRY_COPY_FORMAT) await startNewFormat(database, meta);
  return copyChanges(database, await registryCopyMeta(database), onProgress, signal);
}

/**
 * A copy fetched in an older row format is fetched again whole. Every bucket held gets a
 * version no server gives (-1), so each is fetched again, and one the server has since
 * emptied is still deleted; the copy's own version 0 makes the next manifest list every
 * bucket. Meanwhile the old rows keep answering lookups. Written in one transaction, so a
 * re-copy cut short resumes like any other.
 */
async function startNewFormat(database: NambalaDatabase, meta: RegistryCopyMeta): Promise<void> {
  await database.transaction('rw', database.meta, async () => {
    const stored = (await database.meta.get(REGISTRY_VERSIONS_META_KEY))?.value;
    const held =
      Array.isArray(stored) && stored.length === REGISTRY_BUCKET_COUNT
        ? (stored as number[]).map((version) => (version === 0 ? 0 : -1))
        : new Array<number>(REGISTRY_BUCKET_COUNT).fill(0);
    await database.meta.put({ key: REGISTRY_VERSIONS_META_KEY, value: held });
    await database.meta.put({
      key: REGISTRY_COPY_META_KEY,
      value: { ...meta, version: 0, format: REGISTRY_COPY_FORMAT } satisfies RegistryCopyMeta,
    });
  });
}

async function copyChanges(
  database: NambalaDatabase,
  meta: RegistryCopyMeta | undefined,
  onProgress: (progress: CopyProgress | null) => void,
  signal?: AbortSignal,
): Promise<RegistryCopyMeta> {
  const manifest = await getJson<ManifestResponse>(
    `/api/registry/manifest${meta ? `?known=${meta.version}` : ''}`,
    signal,
  );
  if (manifest.unchanged && meta) {
    const checked = { ...meta, checkedAt: manifest.serverTime };
    await database.meta.put({ key: REGISTRY_COPY_META_KEY, value: checked });
    return checked;
  }
  const stored = (await database.meta.get(REGISTRY_VERSIONS_META_KEY))?.value;
  const held: number[] =
    Array.isArray(stored) && stored.length === REGISTRY_BUCKET_COUNT
      ? [...(stored as number[])]
      : new Array<number>(REGISTRY_BUCKET_COUNT).fill(0);
  const wanted = new Array<number>(REGISTRY_BUCKET_COUNT).fill(0);
  for (const [bucket, version] of manifest.buckets ?? []) wanted[bucket] = version;
  const changed = wanted.flatMap((version, bucket) => (version !== held[bucket] && version !== 0 ? [bucket] : []));
  const emptied = wanted.flatMap((version, bucket) => (version === 0 && held[bucket] !== 0 ? [bucket] : []));

  if (emptied.length > 0) {
    await database.transaction('rw', database.registryBuckets, database.meta, async () => {
      await database.registryBuckets.bulkDelete(emptied);
      for (const bucket of emptied) held[bucket] = 0;
      await database.meta.put({ key: REGISTRY_VERSIONS_META_KEY, value: held });
    });
  }

  const batches: number[][] = [];
  for (let start = 0; start < changed.length; start += BUCKETS_PER_REQUEST)
    batches.push(changed.slice(start, start + BUCKETS_PER_REQUEST));
  let done = 0;
  const showProgress = changed.length > BUCKETS_PER_REQUEST;
  if (showProgress) onProgress({ buckets: 0, totalBuckets: changed.length });
  // The next batch is requested while this one is written; a failure of it is handled
  // when it is awaited (or dropped with the run), never left unhandled in between.
  const request = (ids: number[] | undefined) => {
    if (!ids) return undefined;
    const pending = getJson<BucketsResponse>(`/api/registry/buckets?ids=${ids.join(',')}`, signal);
    pending.catch(() => undefined);
    return pending;
  };
  try {
    let next = request(batches[0]);
    for (let index = 0; index < batches.length; index += 1) {
      const response = await (next as Promise<BucketsResponse>);
      next = request(batches[index + 1]);
      await database.transaction('rw', database.registryBuckets, database.meta, async () => {
        await database.registryBuckets.bulkPut(response.buckets);
        for (const bucket of response.buckets) held[bucket.bucket] = bucket.version;
        await database.meta.put({ key: REGISTRY_VERSIONS_META_KEY, value: held });
      });
      done += response.buckets.length;
      if (showProgress) onProgress({ buckets: done, totalBuckets: changed.length });
    }
  } finally {
    onProgress(null);
  }
  const updated: RegistryCopyMeta = {
    version: manifest.version,
    plates: manifest.plates ?? 0,
    updatedAt: manifest.serverTime,
    checkedAt: manifest.serverTime,
    format: REGISTRY_COPY_FORMAT,
  };
  await database.meta.put({ key: REGISTRY_COPY_META_KEY, value: updated });
  return updated;
}

/**
 * Everything a typed check against the copy needs, read in one IndexedDB transaction
 * (straight through the browser's API: see read-at-once.ts): the copy's state, the
 * trust state (clock skew, freshness), the plate's row and its revocation entry.
 */
export async function readForLookup(
  database: NambalaDatabase,
  plateNumber: string,
): Promise<{
  copy: RegistryCopyMeta | undefined;
  trustMeta: TrustMeta | undefined;
  row: RegistryCopyRow | undefined;
  revocation: Revocation | undefined;
}> {
  const [copyEntry, trustEntry, bucket, revocation] = (await readAtOnce(database, [
    { table: 'meta', key: REGISTRY_COPY_META_KEY },
    { table: 'meta', key: TRUST_META_KEY },
    { table: 'registryBuckets', key: registryBucketOf(plateNumber) },
    { table: 'revocations', key: plateNumber },
  ])) as [
    { value: RegistryCopyMeta } | undefined,
    { value: TrustMeta } | undefined,
    RegistryBucket | undefined,
    Revocation | undefined,
  ];
  return {
    copy: copyEntry?.value,
    trustMeta: trustEntry?.value,
    row: bucket ? findInBucket(bucket.rows, plateNumber) : undefined,
    revocation,
  };
}

/**
 * The copy's row for a plate: undefined when the copy does not hold it, null when the
 * device holds no copy at all (so the caller can say which).
 */
export async function lookupInCopy(
  database: NambalaDatabase,
  plateNumber: string,
): Promise<RegistryCopyRow | undefined | null> {
  const { copy, row } = await readForLookup(database, plateNumber);
  return copy ? row : null;
}
