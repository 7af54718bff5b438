/** Replacing a signing key without breaking plates: the re-issue run, its resumption, and no revoked-key credential handed out. */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCredential } from '../../src/domain/credential/credential';
import { digitsToBytes } from '../../src/domain/credential/numeric';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openSigner, rotateKey, type Signer } from '../../src/server/credentials/key-store';
import type { Database } from '../../src/server/db/database';
import {
  CREDENTIAL_BUCKET_ENTITY,
  type CredentialBucketChange,
  reissueUntilDone,
  runReissueBatch,
  startReissue,
} from '../../src/server/jobs/credential-reissue';
import { signingKeyRepository } from '../../src/server/repositories/signing-key-repository';
import { seedDemoRegistry } from '../../src/server/seed/seed-demo';
import { buildTestAppWithDb, openTestDatabase, sessionForNewAccount } from './test-app';

const keyIdOfDigits = (digits: string): number => {
  const decoded = decodeCredential(digitsToBytes(digits) ?? new Uint8Array());
  if (!decoded.ok) throw new Error('not a credential');
  return decoded.fields.keyId;
};

interface OwnedPlateView {
  plateNumber: string;
  registration: { keyId: number; credentialDigits: string } | null;
}

describe('a credential after its key is revoked', () => {
  let app: FastifyInstance;
  let db: Database;
  let admin = '';
  let buyer = '';

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    const login = async (email: string, password: string) =>
      String(
        (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).headers[
          'set-cookie'
        ],
      ).split(';')[0] ?? '';
    admin = await login('admin@nambala.zm', 'Admin#2026');
    buyer = await login('buyer@nambala.zm', 'Buyer#2026');
  }, 60_000);
  afterAll(() => app.close());

  it('is never handed out: the owner, the certificate data, the device copy and the registry record carry the active key’s', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/me/plates', headers: { cookie: buyer } })).json() as {
      plates: OwnedPlateView[];
    };
    const registered = before.plates.filter((plate) => plate.registration !== null);
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.every((plate) => plate.registration?.keyId === 1)).toBe(true);

    // Stop the background run from reaching the plates first: the routes must re-issue on demand.
    await db.query("UPDATE signing_keys SET status = 'revoked' WHERE key_id = 1");
    await rotateKey(db, { keyDir: 'memory://', signingKey: undefined });

    const owned = (await app.inject({ method: 'GET', url: '/api/me/plates', headers: { cookie: buyer } })).json() as {
      plates: OwnedPlateView[];
    };
    for (const plate of owned.plates.filter((view) => view.registration !== null)) {
      expect(plate.registration?.keyId).toBe(2);
      expect(keyIdOfDigits(plate.registration?.credentialDigits ?? '')).toBe(2);
    }

    // The owner's device, pulling from the start of the log, gets no credential of key 1 either.
    const pulled = (
      await app.inject({ method: 'GET', url: '/api/sync/pull?limit=500', headers: { cookie: buyer } })
    ).json() as { changes: Array<{ entity: string; data: unknown }> };
    const digits = pulled.changes.flatMap((change) => {
      if (change.entity === 'ownedPlate') {
        const registration = (change.data as { registration: { credentialDigits: string } | null } | null)
          ?.registration;
        return registration ? [registration.credentialDigits] : [];
      }
      if (change.entity === CREDENTIAL_BUCKET_ENTITY)
        return (change.data as CredentialBucketChange).plates.map((plate) => plate.credentialDigits);
      return [];
    });
    expect(digits.length).toBeGreaterThan(0);
    expect(digits.map(keyIdOfDigits).filter((keyId) => keyId === 1)).toEqual([]);

    // The administrator's registry record of a plate the run has not reached.
    const [other] = await db.query<{ plate_number: string }>(
      'SELECT plate_number FROM registered_plates WHERE key_id = 1 ORDER BY plate_number LIMIT 1',
    );
    const record = await app.inject({
      method: 'GET',
      url: `/api/admin/registry/${encodeURIComponent(other?.plate_number ?? '')}`,
      headers: { cookie: admin },
    });
    expect(record.statusCode).toBe(200);
    expect((record.json() as { plate: { keyId: number } }).plate.keyId).toBe(2);
    expect(keyIdOfDigits((record.json() as { plate: { credentialDigits: string } }).plate.credentialDigits)).toBe(2);
  });

  it('revoking from the QR System page re-issues every plate in the background, with progress, and tells the owner once', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/keys/2/revoke', headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    const started = response.json() as { reissue: { state: string; total: number; reason: string; keyId: number } };
    expect(started.reissue).toMatchObject({ reason: 'revoked', keyId: 2 });
    let run = started.reissue;
    for (let tries = 0; run.state === 'running' && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = (
        (await app.inject({ method: 'GET', url: '/api/admin/keys/reissue', headers: { cookie: admin } })).json() as {
          reissue: typeof run;
        }
      ).reissue;
    }
    expect(run).toMatchObject({ state: 'finished' });
    expect(run).toMatchObject({ done: run.total });
    const byKey = await db.query<{ key_id: number; n: number }>(
      'SELECT key_id, count(*)::int AS n FROM registered_plates GROUP BY key_id',
    );
    expect(byKey).toEqual([{ key_id: 3, n: expect.any(Number) }]);
    const [owner] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'buyer@nambala.zm'");
    const notices = await db.query<{ title: string; body: string }>(
      "SELECT title, body FROM notifications WHERE user_id = $1 AND kind = 'credential-reissued'",
      [owner?.id],
    );
    // Once for the run on demand above (no run was recorded), once for this run: never once per plate.
    const [runNotices] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM credential_reissue_notices WHERE owner_id = $1',
      [owner?.id],
    );
    expect(runNotices?.n).toBe(1);
    expect(notices.at(-1)?.body).toMatch(/^Your QR code and certificate for ZM-/);
    const [audit] = await db.query<{ detail: { reissueRun: number } }>(
      "SELECT detail FROM audit_log WHERE action = 'key.revoke' AND target = '2'",
    );
    expect(audit?.detail.reissueRun).toBeGreaterThan(0);
  });

  it('rotating retires the active key and re-issues what it signed', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/keys/rotate', headers: { cookie: admin } });
    expect((response.json() as { reissue: { reason: string; keyId: number } }).reissue).toMatchObject({
      reason: 'retired',
      keyId: 3,
    });
    for (let tries = 0; tries < 200; tries += 1) {
      const [left] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM registered_plates WHERE key_id <> 4',
      );
      if (left?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [left] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM registered_plates WHERE key_id <> 4');
    expect(left?.n).toBe(0);
  });

  it('lets only an administrator see the run', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/keys/reissue', headers: { cookie: buyer } })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/keys/reissue' })).statusCode).toBe(401);
  });
});

describe('a re-issue run', () => {
  const source = { keyDir: 'memory://', signingKey: undefined };
  let db: Database;
  let signer: Signer;
  let owners: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase();
    const first = await openSigner(db, source);
    if (!first) throw new Error('no signer');
    await seedDemoRegistry(db, first, 2400, pino({ level: 'silent' }));
    owners = [];
    for (const n of [1, 2, 3])
      owners.push(
        (
          await sessionForNewAccount(db, {
            email: `owner${n}@example.zm`,
            name: `Owner ${n}`,
            userType: 'Customer',
            roles: ['buyer'],
          })
        ).id,
      );
    // Every plate belongs to one of three owners, so each batch writes entries for their devices.
    await db.query('UPDATE registered_plates SET owner_id = ($1::text[])[1 + (abs(hashtext(plate_number)) % 3)]', [
      owners,
    ]);
    signer = await rotateKey(db, source);
    await db.transaction((tx) => startReissue(tx, { keyId: first.keyId, reason: 'retired', startedBy: null }));
  }, 60_000);
  afterAll(() => db.close());

  it('resumes after a crash mid-run: every plate re-issued once, none skipped, one change-log entry per bucket per batch', async () => {
    // Two batches commit, the third dies before its commit (as a process killed mid-transaction would).
    let batches = 0;
    const crash = new Error('the server stopped');
    await expect(
      reissueUntilDone(db, signer, {
        batchSize: 500,
        beforeCommit: () => {
          batches += 1;
          if (batches === 3) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const [midway] = await db.query<{ done: number; n: number }>(
      "SELECT done, (SELECT count(*)::int FROM registered_plates WHERE key_id = $1) AS n FROM credential_reissue_runs WHERE state = 'running'",
      [signer.keyId],
    );
    expect(midway).toEqual({ done: 1000, n: 1000 });

    // Restarted: it carries on from the cursor.
    await reissueUntilDone(db, signer, { batchSize: 500 });
    expect(await runReissueBatch(db, signer)).toEqual({ state: 'idle' });
    const [run] = await db.query<{ state: string; done: number; total: number; batches: number }>(
      'SELECT state, done, total, batches FROM credential_reissue_runs',
    );
    const [plates] = await db.query<{ n: number; current: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE key_id = $1)::int AS current FROM registered_plates',
      [signer.keyId],
    );
    expect(plates?.current).toBe(plates?.n);
    expect(run).toMatchObject({ state: 'finished', done: plates?.n, total: plates?.n });

    const entries = await db.query<{ entity_id: string; data: CredentialBucketChange }>(
      'SELECT entity_id, data FROM change_log WHERE entity = $1 ORDER BY txid, seq',
      [CREDENTIAL_BUCKET_ENTITY],
    );
    const seen = entries.flatMap((entry) => entry.data.plates.map((plate) => plate.plateNumber));
    expect(seen.length).toBe(plates?.n);
    expect(new Set(seen).size).toBe(plates?.n);
    // One entry per (batch, bucket): as many as the distinct pairs, far fewer than plates.
    const pairs = new Set(entries.map((entry) => entry.entity_id.split(':').slice(1, 3).join(':')));
    expect(pairs.size).toBe(entries.length);
    expect(entries.length).toBeLessThan(seen.length);
    for (const entry of entries) expect(new Set(entry.data.plates.map(() => entry.data.bucket)).size).toBe(1);

    // Each owner told once, for all their plates.
    const notices = await db.query<{ user_id: string; body: string }>(
      "SELECT user_id, body FROM notifications WHERE kind = 'credential-reissued' ORDER BY user_id",
    );
    expect(notices.map((notice) => notice.user_id).sort()).toEqual([...owners].sort());
    for (const notice of notices)
      expect(notice.body).toMatch(/^Your QR code and certificate for ZM-\S+ and your \d+ other plates are new/);
    const messages = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM message_outbox WHERE kind = 'credential-reissued' AND user_id = ANY($1::text[])",
      [owners],
    );
    expect(messages[0]?.n).toBeGreaterThanOrEqual(owners.length);
  });

  it('is resumed by the server when it starts', async () => {
    const next = await rotateKey(db, source);
    const run = await db.transaction((tx) =>
      startReissue(tx, { keyId: signer.keyId, reason: 'retired', startedBy: null }),
    );
    await runReissueBatch(db, next, { batchSize: 500 });
    const config = loadConfig(
      {},
      {
        dataDir: 'memory://',
        seedDemo: false,
        appDir: '/nonexistent',
        logLevel: 'silent',
        demoRegistryPlates: 0,
        publicVerdictCacheMs: 0,
        authRateLimit: 0,
      },
    );
    const app = await buildApp({ config, db, logger: false });
    try {
      await app.ready();
      let state = 'running';
      for (let tries = 0; state === 'running' && tries < 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        [{ state } = { state: '' }] = await db.query<{ state: string }>(
          'SELECT state FROM credential_reissue_runs WHERE id = $1',
          [run.id],
        );
      }
      expect(state).toBe('finished');
      const [plates] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM registered_plates');
      expect(await signingKeyRepository(db).signedCounts()).toEqual(new Map([[next.keyId, plates?.n]]));
    } finally {
      await app.close();
    }
  }, 60_000);
});
