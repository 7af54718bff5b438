/**
 * A QR check and a typed check show an officer the same facts: a scan online adds the
 * owner's name, the insurance cover and the serials the registry gives a typed number,
 * and the lookup is logged by the server under the check's id like any owner lookup.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshTrust } from '../../../src/app/verdicts/trust';
import { addRegistryFacts, verifyCredentialText, verifyPlateNumber } from '../../../src/app/verdicts/verify';
import { NambalaDatabase } from '../../../src/app/store/database';
import type { Database } from '../../../src/server/db/database';
import { buildTestAppWithDb } from '../../server/test-app';

describe('an officer’s scan online', () => {
  let app: FastifyInstance;
  let db: Database;
  let database: NambalaDatabase;
  let police = '';
  let code = '';

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    const login = async (email: string, password: string) =>
      String(
        (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).headers[
          'set-cookie'
        ],
      ).split(';')[0] ?? '';
    police = await login('police@nambala.zm', 'Police#2026');
    const admin = await login('admin@nambala.zm', 'Admin#2026');
    const record = await app.inject({
      method: 'GET',
      url: '/api/admin/registry/ZM-123-ABC',
      headers: { cookie: admin },
    });
    code = (record.json() as { plate: { credentialDigits: string } }).plate.credentialDigits;
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
    vi.stubGlobal('navigator', { onLine: true });
    database = new NambalaDatabase(`test-${randomUUID()}`);
    await refreshTrust(database);
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllGlobals();
    await database.delete();
    await app.close();
  });

  it('shows the owner and insurance a typed check shows, logged under the check’s id', async () => {
    const scanned = await verifyCredentialText(database, code);
    expect(scanned).toMatchObject({ kind: 'result', verdict: 'Valid', source: 'credential', ownerName: null });
    if (scanned.kind !== 'result') throw new Error('no verdict');
    const shown = await addRegistryFacts(scanned);
    const typed = await verifyPlateNumber(database, 'ZM-123-ABC', { online: true, tier: 'police' });
    if (typed.kind !== 'result') throw new Error('no typed verdict');
    expect(typed.ownerName).toBeTruthy();
    expect(shown).toMatchObject({ verdict: 'Valid', id: scanned.id, ownerName: typed.ownerName });
    expect(shown.insurance).toEqual(typed.insurance);
    expect(shown.serials).toEqual(typed.serials);
    const logged = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM personal_data_access_log WHERE check_id = $1',
      [scanned.id],
    );
    expect(logged[0]?.n).toBe(1);
  });
});
