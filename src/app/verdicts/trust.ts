/**
 * The registry's public keys and revocation list on this device, refreshed by sync
 * for everyone (visitors too): with them, a QR credential verifies with no network.
 * Each refresh also measures how far the device clock is from the server's, and brings the
 * administrators' staleness thresholds the roadside verdict is weakened by.
 */
import { clockSkew } from '#domain/credential/freshness';
import type { Revocation, TrustedKey } from '#domain/credential/verdict';
import { type StalenessSettings, stalenessSettingsFrom } from '#domain/police/staleness-settings';
import type { NambalaDatabase } from '../store/database';
import { readAtOnce } from '../store/read-at-once';
import { apiRequest } from '../api/api-client';

export const TRUST_META_KEY = 'trust';

export interface TrustMeta {
  /** Server time of the last successful key refresh. */
  keysFetchedAt: string;
  revocationsVersion: number;
  revocationsFetchedAt: string;
  /** Server minus device clock, in ms, measured at the last refresh. */
  clockSkewMs: number;
  /** How old the list may grow before a verdict made with it is weakened: the administrators' setting, as last received. */
  staleness?: StalenessSettings;
}

interface KeysResponse {
  keys: Array<{ keyId: number; publicKey: string; status: TrustedKey['status'] }>;
  serverTime: string;
}

interface RevocationsResponse {
  version: number;
  unchanged: boolean;
  revocations?: Revocation[];
  serverTime: string;
  staleness?: unknown;
}

function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function getJson<T>(path: string): Promise<T> {
  const result = await apiRequest<T>('GET', path);
  if (!result.ok) throw new Error(`${path} answered ${result.status}`);
  return result.body;
}

/** Fetches the keys and (when changed) the revocation list, and stores both with the clock skew. */
export async function refreshTrust(database: NambalaDatabase, now: () => number = Date.now): Promise<TrustMeta> {
  const previous = (await database.meta.get(TRUST_META_KEY))?.value as TrustMeta | undefined;
  const sentAt = performance.now();
  const keys = await getJson<KeysResponse>('/api/credentials/keys');
  const skew = clockSkew(keys.serverTime, now(), performance.now() - sentAt);
  const known = previous ? `?known=${previous.revocationsVersion}` : '';
  const revocations = await getJson<RevocationsResponse>(`/api/credentials/revocations${known}`);
  const meta: TrustMeta = {
    keysFetchedAt: keys.serverTime,
    revocationsVersion: revocations.version,
    revocationsFetchedAt: revocations.serverTime,
    clockSkewMs: Math.round(skew),
  };
  // Settings that do not pass the rules (or a server that sends none) leave the last good ones, or the defaults.
  const staleness = stalenessSettingsFrom(revocations.staleness) ?? previous?.staleness;
  if (staleness) meta.staleness = staleness;
  await database.transaction('rw', database.trustKeys, database.revocations, database.meta, async () => {
    await database.trustKeys.clear();
    await database.trustKeys.bulkPut(
      keys.keys.map((key) => ({ keyId: key.keyId, status: key.status, publicKey: fromBase64Url(key.publicKey) })),
    );
    if (!revocations.unchanged && revocations.revocations) {
      await database.revocations.clear();
      await database.revocations.bulkPut(revocations.revocations);
    }
    await database.meta.put({ key: TRUST_META_KEY, value: meta });
  });
  return meta;
}

/**
 * What the device holds for verifying offline. With `plateNumber`, the revocation map
 * holds only that plate's entry (or none): a check reads one record, not the whole
 * list, so it stays fast however long the list grows.
 */
export async function loadTrust(
  database: NambalaDatabase,
  plateNumber?: string,
): Promise<{ keys: Map<number, TrustedKey>; revocations: Map<string, Revocation>; meta: TrustMeta | undefined }> {
  const [keys, found, meta] = (await readAtOnce(database, [
    { table: 'trustKeys', all: true },
    plateNumber === undefined ? { table: 'revocations', all: true } : { table: 'revocations', key: plateNumber },
    { table: 'meta', key: TRUST_META_KEY },
  ])) as [TrustedKey[], Revocation[] | Revocation | undefined, { value: TrustMeta } | undefined];
  const revocations = Array.isArray(found) ? found : found ? [found] : [];
  return {
    keys: new Map(keys.map((key) => [key.keyId, key])),
    revocations: new Map(revocations.map((revocation) => [revocation.plateNumber, revocation])),
    meta: meta?.value as TrustMeta | undefined,
  };
}
