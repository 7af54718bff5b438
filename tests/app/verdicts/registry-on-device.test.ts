/**
 * The verification data on a device, against the real server in-process: keys and
 * revocations, the officer's registry copy (first copy, incremental refresh, resume
 * after a dropped connection), and verdicts from a QR credential or a typed number.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { credentialFromText } from '#domain/credential/qr-url';
import { bytesToDigits } from '#domain/credential/numeric';
import { lookupInCopy, refreshRegistryCopy, REGISTRY_VERSIONS_META_KEY } from '../../../src/app/verdicts/registry-copy';
import { loadTrust, refreshTrust } from '../../../src/app/verdicts/trust';
import { recordPoliceCheck, verifyCredentialText, verifyPlateNumber } from '../../../src/app/verdicts/verify';
import { NambalaDatabase } from '../../../src/app/store/database';
import { buildTestAppWithDb } from '../../server/test-app';

/**
 * What officers copy from the demo data: the 300 registered plates asked for, and the demo
 * owner's four plates from the lifecycle (two registered, two held for them and not yet
 * issued: docs/plate-lifecycle.md).
 */
const DEMO_COPY_ROWS = 300 + 4;

describe('verification data on the device', () => {
  let app: FastifyInstance;
  let database: NambalaDatabase;
  const cookies: Record<string, string> = {};
  let as: 'police' | 'admin' | 'none' = 'police';
  let asked: string[] = [];
  let failAfter = Infinity;

  /** The device's fetch, routed to the in-process server as the chosen user; can drop the connection after N requests. */
  function network() {
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      if (asked.length >= failAfter) throw new TypeError('Failed to fetch');
      asked.push(path);
      const response = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        headers: { cookie: as === 'none' ? '' : (cookies[as] ?? ''), 'content-type': 'application/json' },
        payload: init.body as string,
      });
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    });
  }
  const offline = () => vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  async function credentialUrl(plate: string): Promise<string> {
    return (
      await app.inject({ method: 'GET', url: `/api/admin/registry/${plate}`, headers: { cookie: cookies.admin ?? '' } })
    ).json().plate.credentialUrl;
  }
  async function revoke(plateNumber: string): Promise<void> {
    const flagId = randomUUID();
    const push = (cookie: string, intent: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { cookie },
        payload: { clientId: 'x', mutations: [{ id: randomUUID(), intent, payload }] },
      });
    await push(cookies.police ?? '', 'flagPlate', {
      id: flagId,
      plateNumber,
      suspicion: 'Suspected fake',
      note: 'Wrong car',
    });
    expect(
      (await push(cookies.admin ?? '', 'decidePlateFlag', { flagId, decision: 'revoke' })).json().results[0].outcome,
    ).toBe('applied');
  }

  beforeAll(async () => {
    ({ app } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.police = await signIn('police@nambala.zm', 'Police#2026');
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
  }, 60_000);
  afterAll(() => app.close());
  beforeEach(() => {
    database = new NambalaDatabase(`test-${randomUUID()}`);
    as = 'police';
    asked = [];
    failAfter = Infinity;
    network();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await database.delete();
  });

  it('keeps the keys and the revocation list, and does not fetch an unchanged list again', async () => {
    as = 'none';
    const meta = await refreshTrust(database);
    const trust = await loadTrust(database);
    expect([...trust.keys.values()].map((key) => [key.keyId, key.status, key.publicKey.length])).toEqual([
      [1, 'active', 32],
    ]);
    expect(trust.revocations.get('ZM-789-GHI')?.status).toBe('Stolen');
    expect(Math.abs(meta.clockSkewMs)).toBeLessThan(1000);
    asked = [];
    await refreshTrust(database);
    expect(asked).toEqual(['/api/credentials/keys', `/api/credentials/revocations?known=${meta.revocationsVersion}`]);
    expect((await loadTrust(database)).revocations.size).toBe(trust.revocations.size);
  });

  it('measures how far the device clock is from the server’s', async () => {
    as = 'none';
    const meta = await refreshTrust(database, () => Date.now() - 3 * 3600_000);
    expect(meta.clockSkewMs).toBeGreaterThan(3 * 3600_000 - 1000);
    expect(meta.clockSkewMs).toBeLessThan(3 * 3600_000 + 1000);
  });

  it('verifies a QR credential with no network once the keys are on the device, and catches a forgery', async () => {
    const url = await credentialUrl('ZM-123-ABC');
    await refreshTrust(database);
    offline();
    const outcome = await verifyCredentialText(database, url);
    expect(outcome).toMatchObject({
      kind: 'result',
      verdict: 'Valid',
      source: 'credential',
      plateNumber: 'ZM-123-ABC',
      vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver' },
    });
    const bytes = credentialFromText(url) ?? new Uint8Array();
    bytes[bytes.length - 70] = (bytes[bytes.length - 70] ?? 0) ^ 0x01;
    expect(await verifyCredentialText(database, bytesToDigits(bytes))).toMatchObject({
      kind: 'result',
      verdict: 'Not authentic',
    });
    expect(await verifyCredentialText(database, 'https://example.com/not-a-plate')).toMatchObject({
      kind: 'problem',
      title: 'Not a plate QR code',
    });
  });

  it('says when a device that never synced has no keys and no connection', async () => {
    const url = await credentialUrl('ZM-123-ABC');
    offline();
    vi.stubGlobal('navigator', { onLine: false });
    expect(await verifyCredentialText(database, url)).toMatchObject({
      kind: 'problem',
      title: 'Keys not on this device yet',
    });
  });

  it('copies the whole registry in batches, then answers typed numbers offline from it', async () => {
    expect(await lookupInCopy(database, 'ZM-123-ABC')).toBeNull();
    const progress: Array<number | null> = [];
    const meta = await refreshRegistryCopy(database, (step) => progress.push(step?.buckets ?? null));
    expect(meta.plates).toBe(DEMO_COPY_ROWS);
    expect(asked.filter((path) => path.startsWith('/api/registry/buckets'))).toHaveLength(2); // ~290 buckets, 256 per request
    expect(progress.at(-1)).toBeNull();
    expect(await lookupInCopy(database, 'ZM-123-ABC')).toMatchObject({
      standing: 'Valid',
      make: 'Toyota',
      colour: 'Silver',
    });
    expect(await lookupInCopy(database, 'ZM-000-QQQ')).toBeUndefined();
    await refreshTrust(database);
    offline();
    expect(await verifyPlateNumber(database, 'ZM-789-GHI', { online: true })).toMatchObject({
      verdict: 'Stolen',
      source: 'device-copy',
      ownerName: null,
    });
    expect(await verifyPlateNumber(database, 'ZM-456-DEF', { online: false })).toMatchObject({
      verdict: 'Expired',
      source: 'device-copy',
      vehicle: { make: 'Nissan' },
    });
    expect(await verifyPlateNumber(database, 'ZM-000-QQQ', { online: false })).toMatchObject({
      verdict: 'Unknown plate',
    });
  });

  it('refreshes only the bucket that changed, and a revocation shows on the device', async () => {
    await refreshRegistryCopy(database);
    const plate = 'ZM-456-DEF';
    await revoke(plate);
    asked = [];
    await refreshRegistryCopy(database);
    const fetched = asked.filter((path) => path.startsWith('/api/registry/buckets'));
    expect(fetched).toHaveLength(1);
    expect(fetched[0]?.split('ids=')[1]?.split(',')).toHaveLength(1);
    expect(await lookupInCopy(database, plate)).toMatchObject({ standing: 'Revoked' });
    asked = [];
    await refreshRegistryCopy(database);
    expect(asked).toHaveLength(1); // the manifest says nothing changed
  });

  it('resumes a copy the connection cut, fetching only what is missing', async () => {
    failAfter = 2; // the manifest and the first batch arrive; the second batch does not
    await expect(refreshRegistryCopy(database)).rejects.toThrow();
    const held = ((await database.meta.get(REGISTRY_VERSIONS_META_KEY))?.value as number[]).filter(
      (version) => version > 0,
    ).length;
    expect(held).toBe(256);
    failAfter = Infinity;
    asked = [];
    const meta = await refreshRegistryCopy(database);
    const ids = asked
      .filter((path) => path.startsWith('/api/registry/buckets'))
      .flatMap((path) => path.split('ids=')[1]?.split(',') ?? []);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(256);
    expect(meta.plates).toBe(DEMO_COPY_ROWS);
    expect(await database.registryBuckets.count()).toBe(held + ids.length);
  });

  it("gives an officer online the registry's verdict with the owner's name, logged once under the device's id", async () => {
    const outcome = await verifyPlateNumber(database, 'ZM-123-ABC', { online: true, method: 'manual' });
    expect(outcome).toMatchObject({ kind: 'result', verdict: 'Valid', source: 'registry', ownerName: 'Mwila Banda' });
    if (outcome.kind !== 'result') throw new Error('no result');
    await recordPoliceCheck(database, outcome, 'manual');
    const [entry] = await database.outbox.toArray();
    expect(entry).toMatchObject({
      intent: 'recordPoliceCheck',
      table: 'policeChecks',
      rowId: outcome.id,
      payload: { offline: false, plateNumber: 'ZM-123-ABC' },
    });
    expect(await database.policeChecks.get(outcome.id)).toMatchObject({ verdict: 'Valid', syncState: 'pending' });
  });

  it('refuses the registry copy to a visitor', async () => {
    as = 'none';
    await expect(refreshRegistryCopy(database)).rejects.toMatchObject({ name: 'RegistryCopyRefused', status: 401 });
  });
});
