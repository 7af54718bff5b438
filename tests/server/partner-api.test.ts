/**
 * The partner API (docs/partner-api.md): keys an administrator issues (only their digest kept),
 * scopes, the rate limit and daily quota, revocation at once, rotation with an overlap, the bulk
 * check of 100 and the refusal of 101, and the credential a partner verifies itself.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCredential } from '#domain/credential/verdict';
import type { Database } from '../../src/server/db/database';
import { buildTestAppWithDb, signIn } from './test-app';

let clock = new Date('2026-12-06T08:00:00Z');
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe('the partner API', () => {
  let app: FastifyInstance;
  let db: Database;
  let admin = '';

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true, now: () => clock }));
    admin = await signIn(app, 'admin@nambala.zm', 'Admin#2026');
  }, 60_000);
  afterAll(() => app.close());

  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });
  const asPartner = (key: string, url: string, payload?: object) =>
    app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });

  async function organisation(name: string, kind: string, insurerName?: string): Promise<string> {
    const made = await post('/api/admin/partners', { name, kind, insurerName, contactEmail: 'api@partner.zm' });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().organisation.id as string;
  }
  async function issue(organisationId: string, terms: object): Promise<{ key: string; id: string }> {
    const issued = await post(`/api/admin/partners/${organisationId}/keys`, terms);
    expect(issued.statusCode, issued.body).toBe(201);
    return { key: issued.json().key, id: issued.json().issued.id };
  }

  it('keeps only the digest of a key, and answers the key once', async () => {
    const org = await organisation('Lusaka Motors', 'dealer');
    const { key, id } = await issue(org, { scopes: ['verdict', 'bulk'] });
    expect(key).toMatch(/^nmb_[A-Za-z0-9_-]{43}$/);
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM partner_keys WHERE id = $1', [id]);
    expect(row?.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key);
    const list = await app.inject({ method: 'GET', url: '/api/admin/partners', headers: { cookie: admin } });
    expect(list.body).not.toContain(key);
    expect(list.body).toContain(key.slice(0, 12));

    const checked = await asPartner(key, '/api/partner/v1/plates/ZM-123-ABC');
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ plateNumber: 'ZM-123-ABC', verdict: 'Valid', tier: 'public' });
    expect(checked.json().owner).toBeUndefined();
    // One character changed: the last, to one it is not.
    const altered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect((await asPartner(altered, '/api/partner/v1/plates/ZM-123-ABC')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/partner/v1/plates/ZM-123-ABC' })).statusCode).toBe(401);
  });

  it('gives the owner scope only to police systems and insurers, and an insurer the owner only on plates it insures', async () => {
    const dealer = await organisation('Kitwe Auto', 'dealer');
    const refused = await post(`/api/admin/partners/${dealer}/keys`, { scopes: ['verdict', 'owner'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/only police systems/);

    const [insured] = await db.query<{ plate_number: string; insurer: string }>(
      `SELECT plate_number, insurer FROM insurance_policies WHERE cancelled_at IS NULL AND start_date <= $1 AND end_date >= $1 LIMIT 1`,
      [clock.toISOString().slice(0, 10)],
    );
    if (!insured) throw new Error('the demo data has no insured plate');
    const insurer = await organisation('Demo Insurer API', 'insurer', insured.insurer);
    const { key } = await issue(insurer, { scopes: ['verdict', 'owner', 'bulk'] });
    const [uninsured] = await db.query<{ plate_number: string }>(
      `SELECT plate_number FROM registered_plates r WHERE NOT EXISTS
         (SELECT 1 FROM insurance_policies p WHERE p.plate_number = r.plate_number AND p.insurer = $1) LIMIT 1`,
      [insured.insurer],
    );
    const answer = await asPartner(key, '/api/partner/v1/plates/check', {
      plates: [insured.plate_number, uninsured?.plate_number],
    });
    const [own, other] = answer.json().results;
    expect(own.result).toMatchObject({ tier: 'owner', insurance: { insurer: insured.insurer } });
    expect(own.result.owner.name).toEqual(expect.any(String));
    expect(other.result.tier).toBe('public');
    expect(other.result.owner).toBeUndefined();
    const logged = await db.query(
      "SELECT 1 FROM personal_data_access_log WHERE officer_role = 'partner' AND officer_id = $1 AND plate_number = $2",
      [insurer, insured.plate_number],
    );
    expect(logged).toHaveLength(1);

    const police = await organisation('ZP Traffic System', 'police');
    const { key: policeKey } = await issue(police, { scopes: ['verdict', 'owner'] });
    const seen = await asPartner(policeKey, '/api/partner/v1/plates/ZM-123-ABC');
    expect(seen.json()).toMatchObject({ tier: 'owner', owner: { name: expect.any(String) } });
    // Without the bulk scope, the bulk call is refused.
    expect((await asPartner(policeKey, '/api/partner/v1/plates/check', { plates: ['ZM-123-ABC'] })).statusCode).toBe(
      403,
    );
  });

  it('checks 100 plates in one call, in order, answering a malformed number in its place; refuses 101', async () => {
    const org = await organisation('Zanaco Leasing', 'bank');
    const { key } = await issue(org, { scopes: ['verdict', 'bulk'], dailyQuota: 1000 });
    const numbers = await db.query<{ plate_number: string }>(
      'SELECT plate_number FROM registered_plates ORDER BY plate_number LIMIT 97',
    );
    const plates = [...numbers.map((row) => row.plate_number), 'ZM-123-ABC-'.repeat(6), 'ZM-000-QQQ', 'ZM-789-GHI'];
    expect(plates).toHaveLength(100);
    const answer = await asPartner(key, '/api/partner/v1/plates/check', { plates });
    expect(answer.statusCode, answer.body).toBe(200);
    const results = answer.json().results as Array<{ input: string; ok: boolean; result?: { verdict: string } }>;
    expect(results.map((item) => item.input)).toEqual(plates);
    expect(results[97]).toMatchObject({ ok: false, error: expect.any(String) });
    expect(results[98]?.result?.verdict).toBe('Unknown plate');
    expect(results[99]?.result?.verdict).toBe('Stolen');

    const tooMany = await asPartner(key, '/api/partner/v1/plates/check', { plates: [...plates, 'ZM-123-ABC'] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/At most 100 plates/);
  });

  it('holds a key to its rate limit and daily quota, with Retry-After and a clear message', async () => {
    const org = await organisation('Madison Checks', 'dealer');
    const { key } = await issue(org, { scopes: ['verdict', 'bulk'], perMinute: 2, dailyQuota: 5 });
    clock = new Date('2026-12-06T09:00:10Z');
    expect((await asPartner(key, '/api/partner/v1/plates/ZM-123-ABC')).statusCode).toBe(200);
    expect((await asPartner(key, '/api/partner/v1/plates/ZM-123-ABC')).statusCode).toBe(200);
    const limited = await asPartner(key, '/api/partner/v1/plates/ZM-123-ABC');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('50');
    expect(limited.json().message).toMatch(/2 requests a minute/);

    later(60_000);
    const overQuota = await asPartner(key, '/api/partner/v1/plates/check', {
      plates: ['ZM-123-ABC', 'ZM-456-DEF', 'ZM-789-GHI', 'ZM-321-XYZ'],
    });
    expect(overQuota.statusCode).toBe(429);
    expect(overQuota.json().message).toMatch(/5 plates a day/);
    // Midnight in Lusaka (22:00 UTC) is 13 hours away.
    expect(Number(overQuota.headers['retry-after'])).toBe(13 * 3600 - 70);
    expect(
      (await asPartner(key, '/api/partner/v1/plates/check', { plates: ['ZM-123-ABC', 'ZM-456-DEF', 'ZM-789-GHI'] }))
        .statusCode,
    ).toBe(200);

    // Every call is on the usage page, refused ones included, and in the CSV in Lusaka time.
    const usage = await app.inject({
      method: 'GET',
      url: `/api/admin/partners/${org}/usage`,
      headers: { cookie: admin },
    });
    // Calls in the same millisecond have no order between them: compared as a list of answers.
    expect(
      usage
        .json()
        .calls.map((call: { status: number }) => call.status)
        .sort(),
    ).toEqual([200, 200, 200, 429, 429]);
    expect(usage.json().days).toEqual([{ day: '2026-12-06', calls: 5, plates: 5, refused: 2 }]);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/partners/${org}/usage.csv`,
      headers: { cookie: admin },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('Time in Lusaka (CAT = UTC+02:00)');
    expect(csv.body).toContain('2026-12-06 11:00:10 CAT');
  });

  it('stops a revoked key at once, and keeps a rotated key working for the overlap only', async () => {
    const org = await organisation('Hollard API', 'dealer');
    const { key, id } = await issue(org, { scopes: ['verdict'] });
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/admin/partner-keys/${id}/revoke`,
      headers: { cookie: admin },
    });
    expect(revoked.statusCode).toBe(200);
    const after = await asPartner(key, '/api/partner/v1/plates/ZM-123-ABC');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/revoked/);

    const { key: old, id: oldId } = await issue(org, { scopes: ['verdict'] });
    const rotated = await post(`/api/admin/partner-keys/${oldId}/rotate`, { overlapHours: 24 });
    expect(rotated.statusCode, rotated.body).toBe(201);
    const fresh = rotated.json().key as string;
    expect((await asPartner(old, '/api/partner/v1/plates/ZM-123-ABC')).statusCode).toBe(200);
    expect((await asPartner(fresh, '/api/partner/v1/plates/ZM-123-ABC')).statusCode).toBe(200);
    later(25 * 3600_000);
    const expired = await asPartner(old, '/api/partner/v1/plates/ZM-123-ABC');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/rotated: use the new key/);
    expect((await asPartner(fresh, '/api/partner/v1/plates/ZM-123-ABC')).statusCode).toBe(200);
  });

  it("answers a plate's credential, which verifies with the registry's public key", async () => {
    const org = await organisation('Credential Checker', 'government');
    const { key } = await issue(org, { scopes: ['verdict'] });
    const answer = await asPartner(key, '/api/partner/v1/plates/ZM-123-ABC/credential');
    expect(answer.statusCode, answer.body).toBe(200);
    const { credential, keyId } = answer.json();
    const published = (await app.inject({ method: 'GET', url: '/api/credentials/keys' })).json().keys as Array<{
      keyId: number;
      publicKey: string;
      status: string;
    }>;
    const keys = new Map(
      published.map((row) => [
        row.keyId,
        {
          keyId: row.keyId,
          publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
          status: row.status as 'active',
        },
      ]),
    );
    const verdict = verifyCredential(new Uint8Array(Buffer.from(credential, 'base64url')), {
      keys,
      revocations: new Map(),
      today: clock.toISOString().slice(0, 10),
    });
    expect(verdict).toMatchObject({ verdict: 'Valid', credential: { plateNumber: 'ZM-123-ABC', keyId } });
    expect((await asPartner(key, '/api/partner/v1/plates/ZM-000-QQQ/credential')).statusCode).toBe(404);
  });
});
