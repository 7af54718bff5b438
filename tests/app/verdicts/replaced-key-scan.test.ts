/**
 * An officer scans a plate's old QR code after its key was revoked: offline against the
 * device's copy, and online against the registry, it reads "Re-issued: this QR code is out
 * of date. Check the number" with the verdict by number; a code the registry does not hold
 * reads as possibly forged.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REISSUED_NOTICE } from '#domain/credential/outdated-credential';
import { NOT_AUTHENTIC_EXPLANATIONS } from '#domain/credential/presentation';
import { refreshRegistryCopy } from '../../../src/app/verdicts/registry-copy';
import { refreshTrust } from '../../../src/app/verdicts/trust';
import { verifyCredentialText } from '../../../src/app/verdicts/verify';
import { NambalaDatabase } from '../../../src/app/store/database';
import type { Database } from '../../../src/server/db/database';
import { registryRepository } from '../../../src/server/repositories/registry-repository';
import { buildTestAppWithDb } from '../../server/test-app';

describe('an old QR code after its key is revoked, on an officer’s device', () => {
  let app: FastifyInstance;
  let db: Database;
  let database: NambalaDatabase;
  let police = '';
  let admin = '';
  const oldCodes = new Map<string, string>();

  const online = () =>
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      const response = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        headers: { cookie: police },
        payload: init.body as string,
      });
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    });
  const offline = () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('navigator', { onLine: false });
  };

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    const login = async (email: string, password: string) =>
      String(
        (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).headers[
          'set-cookie'
        ],
      ).split(';')[0] ?? '';
    police = await login('police@nambala.zm', 'Police#2026');
    admin = await login('admin@nambala.zm', 'Admin#2026');
    for (const plate of ['ZM-123-ABC', 'ZM-456-DEF']) {
      const record = await app.inject({
        method: 'GET',
        url: `/api/admin/registry/${plate}`,
        headers: { cookie: admin },
      });
      oldCodes.set(plate, (record.json() as { plate: { credentialDigits: string } }).plate.credentialDigits);
    }
    // Revoked on the QR System page; the run re-issues every plate.
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/keys/1/revoke', headers: { cookie: admin } })).statusCode,
    ).toBe(200);
    for (let tries = 0; tries < 400; tries += 1) {
      const [left] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM registered_plates WHERE key_id = 1');
      if (left?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    database = new NambalaDatabase(`test-${randomUUID()}`);
    online();
    await refreshTrust(database);
    await refreshRegistryCopy(database);
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllGlobals();
    await database.delete();
    await app.close();
  });

  it('reads the old code offline as re-issued, with the verdict by number from the copy', async () => {
    offline();
    const valid = await verifyCredentialText(database, oldCodes.get('ZM-123-ABC') ?? '');
    expect(valid).toMatchObject({
      kind: 'result',
      verdict: 'Valid',
      reason: REISSUED_NOTICE,
      plateNumber: 'ZM-123-ABC',
      source: 'device-copy',
      vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver' },
    });
    expect(REISSUED_NOTICE).toBe('Re-issued: this QR code is out of date. Check the number');
    const expired = await verifyCredentialText(database, oldCodes.get('ZM-456-DEF') ?? '');
    expect(expired).toMatchObject({ kind: 'result', verdict: 'Expired', reason: REISSUED_NOTICE });
  });

  it('reads it online as re-issued too, from the registry', async () => {
    online();
    vi.stubGlobal('navigator', { onLine: true });
    const result = await verifyCredentialText(database, oldCodes.get('ZM-123-ABC') ?? '');
    expect(result).toMatchObject({ kind: 'result', verdict: 'Valid', reason: REISSUED_NOTICE, source: 'registry' });
  });

  it('reads it as possibly forged once the registry no longer holds what it says', async () => {
    online();
    await db.query("UPDATE registered_plates SET colour = 'Blue' WHERE plate_number = 'ZM-123-ABC'");
    await registryRepository(db).touchBuckets([(await registryRepository(db).find('ZM-123-ABC'))?.bucket ?? 0]);
    await refreshRegistryCopy(database);
    offline();
    const result = await verifyCredentialText(database, oldCodes.get('ZM-123-ABC') ?? '');
    expect(result).toMatchObject({
      kind: 'result',
      verdict: 'Not authentic',
      reason: NOT_AUTHENTIC_EXPLANATIONS['key-revoked'],
    });
  });
});
