/**
 * Blank serials at the roadside, against the real server in-process: an officer's verdict on
 * a registered plate shows the serials of the blanks it was made on, online and from the
 * device's copy offline, and the public verdict shows none (decision 042).
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatBlankSerial } from '#domain/serials/blank-serial';
import { refreshRegistryCopy } from '../../../src/app/verdicts/registry-copy';
import { refreshTrust } from '../../../src/app/verdicts/trust';
import { verifyPlateNumber } from '../../../src/app/verdicts/verify';
import { NambalaDatabase } from '../../../src/app/store/database';
import type { Database } from '../../../src/server/db/database';
import { buildTestAppWithDb } from '../../server/test-app';

describe('blank serials in the officer’s verdict', () => {
  let app: FastifyInstance;
  let db: Database;
  let database: NambalaDatabase;
  let police = '';
  let plate = { plate_number: '', front_serial: 0, rear_serial: 0 };

  const online = () =>
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
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
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'police@nambala.zm', password: 'Police#2026' },
    });
    police = String(login.headers['set-cookie']).split(';')[0] ?? '';
    // A demo owner's plate, registered through the shop's records on blanks of its delivery.
    const [registered] = await db.query<typeof plate>(
      'SELECT plate_number, front_serial, rear_serial FROM registered_plates WHERE front_serial IS NOT NULL ORDER BY plate_number LIMIT 1',
    );
    if (!registered) throw new Error('no demo plate with serials');
    plate = registered;
  }, 60_000);
  afterAll(() => app.close());
  beforeEach(() => {
    database = new NambalaDatabase(`test-${randomUUID()}`);
    online();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await database.delete();
  });

  it('shows an officer the serials online and offline, and the public none', async () => {
    const serials = { front: formatBlankSerial(plate.front_serial), rear: formatBlankSerial(plate.rear_serial) };
    expect(await verifyPlateNumber(database, plate.plate_number, { online: true, tier: 'police' })).toMatchObject({
      source: 'registry',
      verdict: 'Valid',
      serials,
    });
    await refreshRegistryCopy(database);
    await refreshTrust(database);
    offline();
    expect(await verifyPlateNumber(database, plate.plate_number, { online: false, tier: 'police' })).toMatchObject({
      source: 'device-copy',
      verdict: 'Valid',
      serials,
    });
    const publicCheck = await verifyPlateNumber(database, plate.plate_number, { online: false });
    expect(publicCheck).toMatchObject({ source: 'device-copy', verdict: 'Valid' });
    expect(publicCheck).not.toHaveProperty('serials');
  });

  it('shows none for a registered plate the registry holds no serials for', async () => {
    const [older] = await db.query<{ plate_number: string }>(
      "SELECT plate_number FROM registered_plates WHERE front_serial IS NULL AND standing = 'Valid' ORDER BY plate_number LIMIT 1",
    );
    await refreshRegistryCopy(database);
    offline();
    const verdict = await verifyPlateNumber(database, older?.plate_number ?? '', { online: false, tier: 'police' });
    expect(verdict).toMatchObject({ source: 'device-copy', verdict: 'Valid' });
    expect(verdict).not.toHaveProperty('serials');
  });
});
