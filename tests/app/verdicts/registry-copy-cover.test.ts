/**
 * Insurance cover in an officer's registry copy, against the real server in-process: the
 * offline verdict says what the online one says, reads a policy's end against the device's
 * day, never shows cover to anyone but an officer, and a copy fetched before cover was in
 * the rows is fetched again whole.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '#domain/insurance/policy';
import { decodeBucket, encodeBucket, REGISTRY_COPY_FORMAT } from '#domain/registry/registry-copy';
import {
  lookupInCopy,
  refreshRegistryCopy,
  REGISTRY_COPY_META_KEY,
  type RegistryCopyMeta,
} from '../../../src/app/verdicts/registry-copy';
import { refreshTrust } from '../../../src/app/verdicts/trust';
import { verifyPlateNumber } from '../../../src/app/verdicts/verify';
import { NambalaDatabase } from '../../../src/app/store/database';
import { buildTestAppWithDb } from '../../server/test-app';

describe('insurance cover in the registry copy on the device', () => {
  let app: FastifyInstance;
  let database: NambalaDatabase;
  let police = '';
  let asked: string[] = [];

  const online = () =>
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      asked.push(path);
      const response = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        headers: { cookie: police, 'content-type': 'application/json' },
        payload: init.body as string,
      });
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    });
  const offline = () => vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));

  beforeAll(async () => {
    ({ app } = await buildTestAppWithDb({ seedDemo: true }));
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'police@nambala.zm', password: 'Police#2026' },
    });
    police = String(login.headers['set-cookie']).split(';')[0] ?? '';
  }, 60_000);
  afterAll(() => app.close());
  beforeEach(() => {
    database = new NambalaDatabase(`test-${randomUUID()}`);
    asked = [];
    online();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await database.delete();
  });

  it('gives an officer offline the cover the registry gives online, and no cover to anyone else', async () => {
    const fromRegistry = await verifyPlateNumber(database, 'ZM-123-ABC', { online: true, tier: 'police' });
    expect(fromRegistry).toMatchObject({
      source: 'registry',
      insurance: { insurer: expect.any(String), until: expect.any(String) },
    });
    if (fromRegistry.kind !== 'result' || fromRegistry.insurance === undefined || fromRegistry.insurance === 'none')
      throw new Error('no cover online');
    await refreshRegistryCopy(database);
    await refreshTrust(database);
    offline();
    const fromCopy = await verifyPlateNumber(database, 'ZM-123-ABC', { online: false, tier: 'police' });
    expect(fromCopy).toMatchObject({
      source: 'device-copy',
      verdict: 'Valid',
      insurance: { insurer: fromRegistry.insurance.insurer, until: fromRegistry.insurance.until },
    });
    // The same copy on the public tier (an administrator on /verification) says nothing of insurance.
    const publicCheck = await verifyPlateNumber(database, 'ZM-123-ABC', { online: false });
    expect(publicCheck).toMatchObject({ source: 'device-copy', verdict: 'Valid' });
    expect(publicCheck).not.toHaveProperty('insurance');
    // A registered plate with no policy reads No valid insurance.
    const [plain] = (await database.registryBuckets.toArray())
      .flatMap((bucket) => decodeBucket(bucket.rows))
      .filter((row) => row.standing === 'Valid' && row.cover?.length === 0);
    expect(plain).toBeDefined();
    expect(
      await verifyPlateNumber(database, plain?.plateNumber ?? '', { online: false, tier: 'police' }),
    ).toMatchObject({ insurance: 'none' });
  });

  it('reads the end of the cover against the device’s day, with no new copy', async () => {
    await refreshRegistryCopy(database);
    offline();
    const row = await lookupInCopy(database, 'ZM-123-ABC');
    const until = row?.cover?.[0]?.endDate ?? '';
    expect(until).not.toBe('');
    const on = (date: string) => () => Date.parse(`${date}T12:00:00Z`);
    expect(
      await verifyPlateNumber(database, 'ZM-123-ABC', { online: false, tier: 'police', now: on(until) }),
    ).toMatchObject({ insurance: { until } });
    expect(
      await verifyPlateNumber(database, 'ZM-123-ABC', { online: false, tier: 'police', now: on(addDays(until, 1)) }),
    ).toMatchObject({ insurance: 'none' });
  });

  it('fetches a copy of the first format again whole, its old rows answering meanwhile without cover', async () => {
    await refreshRegistryCopy(database);
    // The copy as a device updated before this format held it: rows without cover, no format.
    const buckets = await database.registryBuckets.toArray();
    await database.registryBuckets.bulkPut(
      buckets.map((bucket) => ({
        ...bucket,
        rows: encodeBucket(decodeBucket(bucket.rows).map(({ cover: _cover, ...row }) => row)),
      })),
    );
    const meta = (await database.meta.get(REGISTRY_COPY_META_KEY))?.value as RegistryCopyMeta;
    const { format: _format, ...older } = meta;
    await database.meta.put({ key: REGISTRY_COPY_META_KEY, value: older });
    const stale = await verifyPlateNumber(database, 'ZM-123-ABC', { online: false, tier: 'police' });
    expect(stale).toMatchObject({ verdict: 'Valid' });
    expect(stale).not.toHaveProperty('insurance');

    asked = [];
    const updated = await refreshRegistryCopy(database);
    expect(updated.format).toBe(REGISTRY_COPY_FORMAT);
    expect(asked[0]).toBe('/api/registry/manifest?known=0');
    const fetched = asked
      .filter((path) => path.startsWith('/api/registry/buckets'))
      .flatMap((path) => path.split('ids=')[1]?.split(',') ?? []);
    expect(fetched).toHaveLength(buckets.length);
    expect((await lookupInCopy(database, 'ZM-123-ABC'))?.cover).toHaveLength(1);
    // And the next refresh finds nothing to fetch.
    asked = [];
    await refreshRegistryCopy(database);
    expect(asked).toHaveLength(1);
  });

  it('deletes a bucket emptied on the server while a first-format copy is fetched again', async () => {
    await refreshRegistryCopy(database);
    const meta = (await database.meta.get(REGISTRY_COPY_META_KEY))?.value as RegistryCopyMeta;
    const { format: _format, ...older } = meta;
    await database.meta.put({ key: REGISTRY_COPY_META_KEY, value: older });
    // A bucket this device holds that the server no longer lists (its plates were released).
    const empty = await findEmptyServerBucket();
    await database.registryBuckets.put({ bucket: empty, version: 1, rows: 'ZM-GONE-1\tA\t\t\t\t\t' });
    const versions = ((await database.meta.get('registryBucketVersions'))?.value as number[]).slice();
    versions[empty] = 1;
    await database.meta.put({ key: 'registryBucketVersions', value: versions });
    await refreshRegistryCopy(database);
    expect(await database.registryBuckets.get(empty)).toBeUndefined();
  });

  /** A bucket number the server's manifest does not list. */
  async function findEmptyServerBucket(): Promise<number> {
    const manifest = (
      await app.inject({ method: 'GET', url: '/api/registry/manifest', headers: { cookie: police } })
    ).json() as { buckets: Array<[number, number, number]> };
    const listed = new Set(manifest.buckets.map(([bucket]) => bucket));
    for (let bucket = 0; bucket < 4096; bucket += 1) if (!listed.has(bucket)) return bucket;
    throw new Error('every bucket is listed');
  }
});
