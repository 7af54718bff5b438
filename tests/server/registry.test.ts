/** The registry and credentials over HTTP: keys, revocations, verdicts by tier, the device copy, flags and rotation. */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialFromText } from '#domain/credential/qr-url';
import { type TrustedKey, verifyCredential } from '#domain/credential/verdict';
import { decodeBucket, registryBucketOf } from '#domain/registry/registry-copy';
import { rotateKey } from '../../src/server/credentials/key-store';
import { issuePlate, signCredentialWith } from '../../src/server/credentials/issue';
import { openSigner } from '../../src/server/credentials/key-store';
import type { Database } from '../../src/server/db/database';
import { registryRepository } from '../../src/server/repositories/registry-repository';
import { buildTestAppWithDb, openTestDatabase } from './test-app';

/**
 * What officers copy from the demo data: the 300 registered plates asked for, and the demo
 * owner's four plates from the lifecycle (two registered, two held for them and not yet
 * issued: docs/plate-lifecycle.md).
 */
const DEMO_COPY_ROWS = 300 + 4;

describe('registry and credentials', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Record<string, string> = {};
  const today = new Date().toISOString().slice(0, 10);

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  const push = (cookie: string, intent: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 'phone', mutations: [{ id: randomUUID(), intent, payload }] },
    });
  const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  async function trustedKeys(): Promise<Map<number, TrustedKey>> {
    const { keys } = (await get('/api/credentials/keys')).json() as {
      keys: Array<{ keyId: number; publicKey: string; status: TrustedKey['status'] }>;
    };
    return new Map(
      keys.map((key) => [
        key.keyId,
        { keyId: key.keyId, status: key.status, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')) },
      ]),
    );
  }
  async function credentialOf(plateNumber: string): Promise<Uint8Array> {
    const response = await get(`/api/admin/registry/${plateNumber}`, cookies.admin);
    expect(response.statusCode).toBe(200);
    const bytes = credentialFromText(response.json().plate.credentialUrl);
    if (!bytes) throw new Error('no credential in the QR address');
    return bytes;
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.police = await signIn('police@nambala.zm', 'Police#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
  }, 60_000);
  afterAll(() => app.close());

  it('makes one active key on first start and publishes its public half', async () => {
    const keys = await trustedKeys();
    expect([...keys.values()].map((key) => key.status)).toEqual(['active']);
    expect([...keys.values()][0]?.publicKey).toHaveLength(32);
  });

  it("signs each seeded plate's credential so that it verifies offline with the published key", async () => {
    const verdict = verifyCredential(await credentialOf('ZM-123-ABC'), {
      keys: await trustedKeys(),
      revocations: new Map(),
      today,
    });
    expect(verdict).toMatchObject({
      verdict: 'Valid',
      credential: {
        plateNumber: 'ZM-123-ABC',
        make: 'Toyota',
        model: 'Corolla',
        colour: 'Silver',
        registrationDate: '2024-03-15',
        expiryDate: '2029-03-15',
      },
    });
  });

  it('gives the public a verdict with the vehicle and dates, never the owner', async () => {
    const response = await get('/api/verification/zm-123-abc');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      plateNumber: 'ZM-123-ABC',
      verdict: 'Valid',
      tier: 'public',
      vehicle: { make: 'Toyota', colour: 'Silver' },
      expiryDate: '2029-03-15',
    });
    expect(JSON.stringify(body)).not.toContain('Mwila');
    expect(JSON.stringify(body)).not.toContain('204518');
    expect(body.owner).toBeUndefined();
  });

  it('says Expired, Stolen, Revoked and Unknown plate, and refuses a malformed number with a reason', async () => {
    expect((await get('/api/verification/ZM-456-DEF')).json().verdict).toBe('Expired');
    expect((await get('/api/verification/ZM-789-GHI')).json().verdict).toBe('Stolen');
    expect((await get('/api/verification/ZM-321-XYZ')).json().verdict).toBe('Revoked');
    expect((await get('/api/verification/ZM-000-QQQ')).json()).toMatchObject({
      verdict: 'Unknown plate',
      vehicle: null,
    });
    const bad = await get('/api/verification/ZM-12345678901');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/at most 10 characters/);
  });

  it("shows an officer the owner's name and logs the lookup once by the device's check id", async () => {
    const checkId = randomUUID();
    const response = await get(`/api/verification/ZM-123-ABC?checkId=${checkId}&method=scan`, cookies.police);
    expect(response.json()).toMatchObject({ tier: 'police', owner: { name: 'Mwila Banda' } });
    // The same check sent later by the device's outbox is not logged a second time.
    const pushed = await push(cookies.police ?? '', 'recordPoliceCheck', {
      id: checkId,
      plateNumber: 'ZM-123-ABC',
      verdict: 'Valid',
      method: 'scan',
      offline: false,
      checkedAt: new Date().toISOString(),
    });
    expect(pushed.json().results[0].outcome).toBe('applied');
    const rows = await db.query<{ n: number; method: string }>(
      'SELECT count(*)::int AS n, min(method) AS method FROM police_checks WHERE id = $1',
      [checkId],
    );
    expect(rows[0]).toMatchObject({ n: 1, method: 'scan' });
  });

  it('logs an offline check when the device sends it, for the officer only', async () => {
    const id = randomUUID();
    const checkedAt = new Date(Date.now() - 3600_000).toISOString();
    expect(
      (
        await push(cookies.police ?? '', 'recordPoliceCheck', {
          id,
          plateNumber: 'ZM-456-DEF',
          verdict: 'Expired',
          method: 'manual',
          offline: true,
          checkedAt,
        })
      ).json().results[0].outcome,
    ).toBe('applied');
    const [row] = await db.query<{ offline: boolean; verdict: string }>(
      'SELECT offline, verdict FROM police_checks WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ offline: true, verdict: 'Expired' });
    const refused = await push(cookies.buyer ?? '', 'recordPoliceCheck', {
      id: randomUUID(),
      plateNumber: 'ZM-456-DEF',
      verdict: 'Expired',
      method: 'manual',
      offline: true,
      checkedAt,
    });
    expect(refused.json().results[0]).toMatchObject({ outcome: 'rejected', status: 403 });
  });

  it('answers availability: for sale, reserved, registered or free to apply for', async () => {
    expect((await get('/api/plates/ZM-777-VIP/availability')).json()).toMatchObject({
      availability: 'for-sale',
      listing: { status: 'Available' },
    });
    expect((await get('/api/plates/ZM-999-KTW/availability')).json().availability).toBe('reserved');
    expect((await get('/api/plates/ZM-123-ABC/availability')).json().availability).toBe('registered');
    expect((await get('/api/plates/ZM-555-ZZZ/availability')).json()).toEqual({
      plateNumber: 'ZM-555-ZZZ',
      availability: 'free',
      listing: null,
      reason: null,
    });
  });

  it('lets only officers and administrators copy the registry, and the copy holds every plate without owners', async () => {
    expect((await get('/api/registry/manifest')).statusCode).toBe(401);
    expect((await get('/api/registry/manifest', cookies.buyer)).statusCode).toBe(403);
    const manifest = (await get('/api/registry/manifest', cookies.police)).json();
    expect(manifest.plates).toBe(DEMO_COPY_ROWS);
    const ids: number[] = manifest.buckets.map(([bucket]: [number]) => bucket);
    const rows = [];
    for (let start = 0; start < ids.length; start += 512) {
      const response = await get(
        `/api/registry/buckets?ids=${ids.slice(start, start + 512).join(',')}`,
        cookies.police,
      );
      expect(response.statusCode).toBe(200);
      for (const bucket of response.json().buckets)
        rows.push(...decodeBucket(bucket.rows).map((row) => ({ ...row, bucket: bucket.bucket })));
    }
    expect(rows).toHaveLength(DEMO_COPY_ROWS);
    expect(rows.every((row) => registryBucketOf(row.plateNumber) === row.bucket)).toBe(true);
    expect(rows.find((row) => row.plateNumber === 'ZM-123-ABC')).toEqual({
      plateNumber: 'ZM-123-ABC',
      standing: 'Valid',
      registrationDate: '2024-03-15',
      expiryDate: '2029-03-15',
      make: 'Toyota',
      model: 'Corolla',
      colour: 'Silver',
      bucket: registryBucketOf('ZM-123-ABC'),
      keyId: 1,
      cover: [{ insurer: expect.any(String), startDate: expect.any(String), endDate: expect.any(String) }],
    });
    const unchanged = (await get(`/api/registry/manifest?known=${manifest.version}`, cookies.police)).json();
    expect(unchanged).toMatchObject({ unchanged: true, version: manifest.version });
    expect(unchanged.buckets).toBeUndefined();
    expect((await get('/api/registry/buckets?ids=4096', cookies.police)).statusCode).toBe(400);
    expect((await get('/api/registry/buckets?ids=1;DROP', cookies.police)).statusCode).toBe(400);
  });

  it('publishes the revocation list and does not resend it unchanged', async () => {
    const list = (await get('/api/credentials/revocations')).json();
    expect(
      list.revocations.map((entry: { plateNumber: string; status: string }) => `${entry.plateNumber}:${entry.status}`),
    ).toEqual(expect.arrayContaining(['ZM-789-GHI:Stolen', 'ZM-321-XYZ:Revoked']));
    expect((await get(`/api/credentials/revocations?known=${list.version}`)).json()).toMatchObject({ unchanged: true });
  });

  it("takes an officer's flag to the administrators, whose revocation reaches the registry, the list and the copy", async () => {
    const flagId = randomUUID();
    expect(
      (
        await push(cookies.police ?? '', 'flagPlate', {
          id: flagId,
          plateNumber: 'ZM-123-ABC',
          suspicion: 'Suspected fake',
          note: 'Sticker on a white Hilux, registry says silver Corolla',
        })
      ).json().results[0].outcome,
    ).toBe('applied');
    const before = (await get('/api/registry/manifest', cookies.police)).json();
    const blank = await push(cookies.police ?? '', 'flagPlate', {
      id: randomUUID(),
      plateNumber: 'ZM-123-ABC',
      suspicion: 'Suspected fake',
      note: '  ',
    });
    expect(blank.json().results[0]).toMatchObject({
      outcome: 'rejected',
      fields: { note: 'Please describe what you saw' },
    });
    // Only administrators decide.
    expect(
      (await push(cookies.police ?? '', 'decidePlateFlag', { flagId, decision: 'revoke' })).json().results[0],
    ).toMatchObject({ outcome: 'rejected', status: 403 });
    const decided = await push(cookies.admin ?? '', 'decidePlateFlag', {
      flagId,
      decision: 'revoke',
      note: 'Confirmed clone',
    });
    expect(decided.json().results[0]).toMatchObject({ outcome: 'applied', data: { status: 'Revoked' } });
    expect((await get('/api/verification/ZM-123-ABC')).json().verdict).toBe('Revoked');
    const list = (await get('/api/credentials/revocations')).json();
    expect(list.revocations).toContainEqual(expect.objectContaining({ plateNumber: 'ZM-123-ABC', status: 'Revoked' }));
    const after = (await get('/api/registry/manifest', cookies.police)).json();
    expect(after.version).toBeGreaterThan(before.version);
    const bucket = registryBucketOf('ZM-123-ABC');
    const changed = after.buckets.find(([id]: [number]) => id === bucket);
    expect(changed[1]).toBeGreaterThan(before.buckets.find(([id]: [number]) => id === bucket)[1]);
    const rows = decodeBucket(
      (await get(`/api/registry/buckets?ids=${bucket}`, cookies.police)).json().buckets[0].rows,
    );
    expect(rows.find((row) => row.plateNumber === 'ZM-123-ABC')?.standing).toBe('Revoked');
    // A decided flag cannot be decided again, and the officer is told the outcome.
    expect(
      (await push(cookies.admin ?? '', 'decidePlateFlag', { flagId, decision: 'dismiss' })).json().results[0],
    ).toMatchObject({ outcome: 'rejected', status: 409, message: 'This flag has already been decided.' });
    const notes = (await get('/api/notifications', cookies.police)).json().notifications;
    expect(notes[0]).toMatchObject({ title: 'Flag on ZM-123-ABC decided' });
    const audit = await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE target = 'ZM-123-ABC' ORDER BY id",
    );
    expect(audit.map((row) => row.action)).toEqual(['plate.flag', 'plate.revoke']);
  });

  it('refuses to revoke a plate that is not in the registry', async () => {
    const flagId = randomUUID();
    await push(cookies.police ?? '', 'flagPlate', {
      id: flagId,
      plateNumber: 'ZM-404-NON',
      suspicion: 'Suspected fake',
      note: 'No such plate',
    });
    expect(
      (await push(cookies.admin ?? '', 'decidePlateFlag', { flagId, decision: 'revoke' })).json().results[0],
    ).toMatchObject({ outcome: 'rejected', status: 409 });
    expect(
      (await push(cookies.admin ?? '', 'decidePlateFlag', { flagId, decision: 'dismiss' })).json().results[0],
    ).toMatchObject({ outcome: 'applied', data: { status: 'Dismissed' } });
  });

  it('rotates keys: the old key retires and its credentials still verify; new plates are signed with the new key', async () => {
    const oldCredential = await credentialOf('ZM-456-DEF');
    const signer = await rotateKey(db, { keyDir: 'memory://', signingKey: undefined });
    const keys = await trustedKeys();
    expect([...keys.values()].map((key) => [key.keyId, key.status])).toEqual([
      [1, 'retired'],
      [2, 'active'],
    ]);
    expect(verifyCredential(oldCredential, { keys, revocations: new Map(), today }).verdict).toBe('Expired');
    await registryRepository(db).insertMany([
      issuePlate(
        signer,
        {
          plateNumber: 'ZM-900-NEW',
          make: 'Kia',
          model: 'Rio',
          colour: 'Red',
          year: 2026,
          chassisNumber: 'KNADN512345678901',
          ownerName: 'Grace Zulu',
          ownerNrc: '111111/11/1',
          registrationDate: today,
        },
        5,
      ),
    ]);
    const fresh = await credentialOf('ZM-900-NEW');
    expect(new DataView(fresh.buffer, fresh.byteOffset).getUint16(1)).toBe(2);
    expect(verifyCredential(fresh, { keys, revocations: new Map(), today }).verdict).toBe('Valid');
    // Reopening finds the active key's private half again.
    expect((await openSigner(db, { keyDir: 'memory://', signingKey: undefined }))?.keyId).toBe(2);
  });

  it('signs exactly as the reference signer does (node:crypto and @noble/curves agree)', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { privateKey } = generateKeyPairSync('ed25519');
    const seed = new Uint8Array(Buffer.from(String(privateKey.export({ format: 'jwk' }).d), 'base64url'));
    const { signCredential } = await import('#domain/credential/credential');
    const { sign } = await import('node:crypto');
    const fields = {
      plateNumber: 'ZM-123-ABC',
      make: 'Citroën',
      model: 'C3',
      colour: 'Rouge',
      registrationDate: '2024-03-15',
      expiryDate: '2029-03-15',
    };
    const signer = { keyId: 7, sign: (message: Uint8Array) => new Uint8Array(sign(null, message, privateKey)) };
    expect(Buffer.from(signCredentialWith(signer, fields)).toString('hex')).toBe(
      Buffer.from(signCredential({ ...fields, keyId: 7 }, seed)).toString('hex'),
    );
  });
});

// Each test builds a seeded server and signs two people in (scrypt): on a busy two-core runner
// that alone has taken over 20 s.
describe('public verdicts served from the in-process cache', { timeout: 60_000 }, () => {
  /** A server's configuration with the demo data, keeping public verdicts up to `cacheMs`. */
  async function configKeeping(cacheMs: number) {
    const { loadConfig } = await import('../../src/server/config');
    return loadConfig(
      {},
      {
        dataDir: 'memory://',
        seedDemo: true,
        appDir: '/nonexistent',
        logLevel: 'silent',
        demoRegistryPlates: 50,
        publicVerdictCacheMs: cacheMs,
      },
    );
  }

  /**
   * A server keeping public verdicts up to `cacheMs`, on a clock the test moves, its officer and
   * administrator signed in. `overSocket`: asked over a loopback socket, where a kept verdict is
   * answered before routing (verdicts-from-memory.ts), rather than injected into the framework.
   * `routed`: how many verification requests the framework's own hooks have seen.
   */
  async function withCache(
    { cacheMs, overSocket = false }: { cacheMs: number; overSocket?: boolean },
    test: (tools: {
      verdict: (cookie?: string) => Promise<Record<string, unknown>>;
      decide: (decision: 'revoke' | 'stolen') => Promise<void>;
      police: string;
      setNow: (at: Date) => void;
      origin: string;
      routed: () => number;
    }) => Promise<void>,
  ) {
    const { buildApp } = await import('../../src/server/app');
    const config = await configKeeping(cacheMs);
    let at: Date | undefined;
    // A test database, not a new one: a fresh embedded database costs its start-up each time.
    const db = await openTestDatabase();
    const app = await buildApp({ config, db, logger: false, now: () => at ?? new Date() });
    let routed = 0;
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/api/verification/')) routed += 1;
      done();
    });
    try {
      const origin = overSocket
        ? `http://127.0.0.1:${((await app.listen({ port: 0, host: '127.0.0.1' }), app.server.address()) as AddressInfo).port}`
        : '';
      const login = async (email: string, password: string) =>
        String(
          (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).headers[
            'set-cookie'
          ],
        ).split(';')[0] ?? '';
      const police = await login('police@nambala.zm', 'Police#2026');
      const admin = await login('admin@nambala.zm', 'Admin#2026');
      const url = '/api/verification/ZM-123-ABC';
      const verdict = async (cookie?: string) =>
        (overSocket
          ? await (await fetch(`${origin}${url}`, { headers: cookie ? { cookie } : {} })).json()
          : (await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).json()) as Record<
          string,
          unknown
        >;
      const push = (cookie: string, intent: string, payload: unknown) =>
        app.inject({
          method: 'POST',
          url: '/api/sync/push',
          headers: { cookie },
          payload: { clientId: 'x', mutations: [{ id: randomUUID(), intent, payload }] },
        });
      const decide = async (decision: 'revoke' | 'stolen') => {
        const flagId = randomUUID();
        await push(police, 'flagPlate', {
          id: flagId,
          plateNumber: 'ZM-123-ABC',
          suspicion: 'Suspected fake',
          note: 'Wrong car',
        });
        expect((await push(admin, 'decidePlateFlag', { flagId, decision })).json().results[0].outcome).toBe('applied');
      };
      await test({ verdict, decide, police, setNow: (next) => (at = next), origin, routed: () => routed });
    } finally {
      await app.close();
      await db.close();
    }
  }

  const transports = [
    { overSocket: false, how: 'injected' },
    { overSocket: true, how: 'over a socket' },
  ];

  it.each(transports)(
    'keeps only the public tier, and never answers a plate revoked as Valid from memory, while an officer gets the registry as it is ($how)',
    async ({ overSocket }) => {
      await withCache({ cacheMs: 60_000, overSocket }, async ({ verdict, decide, police }) => {
        // An officer's look does not give the public the owner, nor the public's the officer less.
        const officer = await verdict(police);
        expect(officer.tier).toBe('police');
        expect(officer.owner).toEqual({ name: expect.any(String) });
        const first = await verdict();
        const second = await verdict(); // kept now
        for (const answer of [first, second]) {
          expect(answer.verdict).toBe('Valid');
          expect(answer.tier).toBe('public');
          expect(answer).not.toHaveProperty('owner');
          expect(answer).not.toHaveProperty('insurance');
          expect(answer).not.toHaveProperty('serials');
        }
        const again = await verdict(police);
        expect(again.owner).toEqual(officer.owner);
        expect(again.insurance).toEqual(officer.insurance);
        await decide('revoke');
        expect((await verdict(police)).verdict).toBe('Revoked');
        expect((await verdict()).verdict).toBe('Revoked');
      });
    },
  );

  it('answers a kept public verdict before routing with the route’s own status, headers and text, and leaves every other request to the route', async () => {
    await withCache({ cacheMs: 60_000, overSocket: true }, async ({ origin, routed, police, decide }) => {
      const ask = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(`${origin}${path}`, init);
        const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
        const text = await response.text();
        return {
          status: response.status,
          headers,
          text,
          body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
        };
      };
      const withoutTime = (text: string) => text.replace(/"checkedAt":"[^"]+"/, '"checkedAt":""');
      const plate = '/api/verification/ZM-123-ABC';
      const routedAnswer = await ask(plate); // read, and kept
      expect(routed()).toBe(1);
      const keptAnswer = await ask(plate);
      const lowerCase = await ask(plate.toLowerCase());
      expect(routed()).toBe(1);
      for (const answer of [keptAnswer, lowerCase]) {
        expect(answer.status).toBe(200);
        expect(answer.headers).toEqual(routedAnswer.headers);
        expect(withoutTime(answer.text)).toBe(withoutTime(routedAnswer.text));
        expect(Date.parse(String(answer.body.checkedAt))).toBeGreaterThanOrEqual(
          Date.parse(String(routedAnswer.body.checkedAt)),
        );
      }
      expect(routedAnswer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");

      // Each of these is the route's to answer, as before.
      const officer = await ask(plate, { headers: { cookie: police } });
      expect(officer.body).toMatchObject({ tier: 'police', owner: { name: expect.any(String) } });
      expect((await ask(`${plate}?method=scan`)).body.verdict).toBe('Valid');
      expect((await ask(`${plate}?checkId=not-a-uuid`)).status).toBe(400);
      expect((await ask(plate, { method: 'HEAD' })).status).toBe(200);
      expect((await ask('/api/verification/ZM%2D123-ABC')).body.plateNumber).toBe('ZM-123-ABC');
      const malformed = await ask('/api/verification/NOT-A-PLATE');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toEqual(expect.any(String));
      expect((await ask(plate, { headers: { authorization: 'Bearer nothing' } })).body.tier).toBe('public');
      expect(routed()).toBe(8);

      // A number not yet asked for is read once; a change empties what was kept, and the next answer is the registry's.
      expect((await ask('/api/verification/ZM-999-ZZZ')).body.verdict).toBe(
        (await ask('/api/verification/ZM-999-ZZZ')).body.verdict,
      );
      expect(routed()).toBe(9);
      await decide('stolen');
      expect((await ask(plate)).body.verdict).toBe('Stolen');
      expect((await ask(plate)).body.verdict).toBe('Stolen');
      expect(routed()).toBe(10);
    });
  });

  it('reads the numbers asked for at the same time in one statement, and answers each its own verdict', async () => {
    const { buildApp } = await import('../../src/server/app');
    const db = await openTestDatabase();
    const statements: string[] = [];
    const counted: Database = {
      ...db,
      query: (text, params) => {
        statements.push(text);
        return db.query(text, params);
      },
    };
    const config = await configKeeping(60_000);
    const app = await buildApp({ config, db: counted, logger: false });
    try {
      const [held] = await db.query<{ plate_number: string }>(
        "SELECT plate_number FROM plates WHERE stage <> 'Registered' ORDER BY plate_number LIMIT 1",
      );
      const asked = ['ZM-123-ABC', 'ZM-789-GHI', 'ZM-321-XYZ', 'ZM-456-DEF', held?.plate_number ?? '', 'ZM-999-ZZZ'];
      const reads = () => statements.filter((text) => /FROM registered_plates WHERE plate_number/.test(text)).length;
      const before = reads();
      const answers = await Promise.all(
        [...asked, 'ZM-123-ABC'].map(
          async (plate) =>
            (await app.inject({ method: 'GET', url: `/api/verification/${plate}` })).json() as Record<string, unknown>,
        ),
      );
      expect(answers.map((answer) => [answer.plateNumber, answer.verdict])).toEqual([
        ['ZM-123-ABC', 'Valid'],
        ['ZM-789-GHI', 'Stolen'],
        ['ZM-321-XYZ', 'Revoked'],
        ['ZM-456-DEF', 'Expired'],
        [held?.plate_number, 'Not yet issued'],
        ['ZM-999-ZZZ', 'Unknown plate'],
        ['ZM-123-ABC', 'Valid'],
      ]);
      expect(reads() - before).toBe(1);
      // Each answer is the one a number read alone gets, from a server keeping nothing.
      const alone = await buildApp({
        config: { ...config, seedDemo: false, publicVerdictCacheMs: 0 },
        db,
        logger: false,
      });
      try {
        for (const answer of answers) {
          const own = (
            await alone.inject({ method: 'GET', url: `/api/verification/${String(answer.plateNumber)}` })
          ).json() as Record<string, unknown>;
          expect({ ...answer, checkedAt: '' }).toEqual({ ...own, checkedAt: '' });
        }
      } finally {
        await alone.close();
      }
    } finally {
      await app.close();
      await db.close();
    }
  });

  it.each(transports)(
    'turns a kept Valid into Expired once the clock passes its expiry date, with no write, and follows a report of theft at once ($how)',
    async ({ overSocket }) => {
      await withCache({ cacheMs: 60_000, overSocket }, async ({ verdict, setNow, decide }) => {
        const before = await verdict();
        const lastDay = Date.parse(`${String(before.expiryDate)}T12:00:00Z`);
        expect(before.verdict).toBe('Valid');
        expect((await verdict()).verdict).toBe('Valid');
        setNow(new Date(lastDay));
        expect((await verdict()).verdict).toBe('Valid');
        setNow(new Date(lastDay + 86_400_000));
        expect((await verdict()).verdict).toBe('Expired');
        setNow(new Date(lastDay - 86_400_000));
        expect((await verdict()).verdict).toBe('Valid');
        await decide('stolen');
        expect((await verdict()).verdict).toBe('Stolen');
      });
    },
  );
});
