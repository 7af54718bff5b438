// An officer looks a vehicle up by its chassis number as well as by plate: police only (403
// for every other role, 401 signed out), validated (400), and logged like any owner lookup.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { buildTestAppWithDb, signIn } from './test-app';

describe('GET /api/verification/chassis/:chassisNumber', () => {
  let app: FastifyInstance;
  let db: Database;
  let police = '';
  let admin = '';
  let owner = '';

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    police = await signIn(app, 'police@nambala.zm', 'Police#2026');
    admin = await signIn(app, 'admin@nambala.zm', 'Admin#2026');
    owner = await signIn(app, 'buyer@nambala.zm', 'Buyer#2026');
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  const get = (chassis: string, cookie?: string, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/verification/chassis/${encodeURIComponent(chassis)}${query}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('answers an officer with the plate’s verdict and owner, in any case, and logs the look', async () => {
    const checkId = '0193a4f0-0000-7000-8000-000000000789';
    const answer = await get('ahtfr22g807789012', police, `?checkId=${checkId}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      plateNumber: 'ZM-789-GHI',
      verdict: 'Stolen',
      tier: 'police',
      vehicle: { make: 'Toyota', model: 'Hilux', colour: 'White' },
      owner: { name: 'Joseph Lungu' },
    });
    const [logged] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM personal_data_access_log WHERE check_id = $1 AND plate_number = $2',
      [checkId, 'ZM-789-GHI'],
    );
    expect(logged?.n).toBe(1);
  });

  it('says so when no registered vehicle has the chassis number', async () => {
    const answer = await get('JTDBR32E799999999', police);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toContain('No registered vehicle has the chassis number JTDBR32E799999999');
  });

  it('refuses bad input with 400 and a clear message', async () => {
    const answer = await get('ABC$%^', police);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Chassis number may only contain letters, digits and hyphens');
    expect((await get('A'.repeat(30), police)).statusCode).toBe(400);
  });

  it('is for the police only', async () => {
    expect((await get('AHTFR22G807789012', admin)).statusCode).toBe(403);
    expect((await get('AHTFR22G807789012', owner)).statusCode).toBe(403);
    expect([401, 403]).toContain((await get('AHTFR22G807789012')).statusCode);
  });
});
