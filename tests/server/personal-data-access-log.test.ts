/**
 * Every look at personal data on record (docs/privacy.md): each lookup that answers with an
 * owner's name or insurance is its own row of the access log, whatever check id the device
 * sent; the administrator reads it (filtered by officer and by plate, a page at a time) and
 * exports it as CSV; no one else may; and an officer who looks up more owners in a day than
 * the administrator's threshold raises one integrity alert for that day.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lusakaDay } from '#domain/privacy/personal-data-access';
import type { Database } from '../../src/server/db/database';
import { pruneAccessLog } from '../../src/server/jobs/access-log-retention';
import { buildTestAppWithDb, sessionForNewAccount, signIn as signInAs } from './test-app';

interface Entry {
  id: string;
  at: string;
  officerId: string;
  officerName: string;
  officerRole: string;
  plateNumber: string;
  purpose: string;
  route: string;
  checkId: string | null;
}

describe('personal data access log', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Record<string, string> = {};
  let policeId = '';
  let plates: string[] = [];

  const signIn = (email: string, password: string) => signInAs(app, email, password);
  const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const logOf = async (query: string): Promise<{ entries: Entry[]; total: number; nextCursor: string | null }> => {
    const response = await get(`/api/admin/access-log?${query}`, cookies.admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.police = await signIn('police@nambala.zm', 'Police#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    policeId = (await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'police@nambala.zm'"))[0]?.id ?? '';
    plates = (
      await db.query<{ plate_number: string }>(
        "SELECT plate_number FROM registered_plates WHERE standing = 'Valid' ORDER BY plate_number LIMIT 4",
      )
    ).map((row) => row.plate_number);
    expect(plates).toHaveLength(4);
  }, 60_000);
  afterAll(() => app.close());

  it('logs each of four owner lookups made with one check id on its own row', async () => {
    const checkId = randomUUID();
    for (const plate of plates) {
      const response = await get(`/api/verification/${plate}?checkId=${checkId}&method=manual`, cookies.police);
      expect(response.json()).toMatchObject({ tier: 'police', owner: { name: expect.any(String) } });
    }
    const log = await logOf(`officerId=${policeId}`);
    const mine = log.entries.filter((entry) => entry.checkId === checkId);
    expect(mine.map((entry) => entry.plateNumber).sort()).toEqual([...plates].sort());
    expect(new Set(mine.map((entry) => entry.id)).size).toBe(4);
    for (const entry of mine) {
      expect(entry).toMatchObject({
        officerId: policeId,
        officerName: expect.any(String),
        officerRole: 'police',
        purpose: 'roadside check',
        route: 'GET /api/verification/:plateNumber',
      });
      expect(Date.parse(entry.at)).not.toBeNaN();
    }
    // The officer's own Recent checks keep the device's id, as before: one check.
    const [checks] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM police_checks WHERE id = $1', [
      checkId,
    ]);
    expect(checks?.n).toBe(1);
  });

  it('logs the same plate looked up again with the same check id again', async () => {
    const checkId = randomUUID();
    const before = (await logOf(`officerId=${policeId}&plateNumber=${plates[0]}`)).total;
    await get(`/api/verification/${plates[0]}?checkId=${checkId}`, cookies.police);
    await get(`/api/verification/${plates[0]}?checkId=${checkId}`, cookies.police);
    expect((await logOf(`officerId=${policeId}&plateNumber=${plates[0]}`)).total).toBe(before + 2);
  });

  it('logs nothing when no personal data is shown: the public tier and an unknown plate', async () => {
    const [before] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM personal_data_access_log');
    expect((await get(`/api/verification/${plates[1]}`)).json().tier).toBe('public');
    expect((await get('/api/verification/ZM-000-QQQ', cookies.police)).json()).toMatchObject({
      verdict: 'Unknown plate',
    });
    const [after] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM personal_data_access_log');
    expect(after?.n).toBe(before?.n);
  });

  it("logs the administrator's view of a plate's registry record", async () => {
    expect((await get('/api/admin/registry/ZM-123-ABC', cookies.admin)).statusCode).toBe(200);
    const log = await logOf('plateNumber=ZM-123-ABC');
    expect(log.entries[0]).toMatchObject({
      plateNumber: 'ZM-123-ABC',
      officerRole: 'admin',
      purpose: 'registry record',
      route: 'GET /api/admin/registry/:plateNumber',
      checkId: null,
    });
  });

  it('filters by officer and by part of a plate number, newest first, a page at a time', async () => {
    const byOfficer = await logOf(`officerId=${policeId}`);
    expect(byOfficer.total).toBeGreaterThanOrEqual(6);
    expect(byOfficer.entries.every((entry) => entry.officerId === policeId)).toBe(true);
    const times = byOfficer.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    const digits = (plates[2] ?? '').slice(3, 6);
    const byPlate = await logOf(`plateNumber=${digits.toLowerCase()}`);
    expect(byPlate.entries.length).toBeGreaterThan(0);
    expect(byPlate.entries.every((entry) => entry.plateNumber.includes(digits))).toBe(true);

    const first = await logOf(`officerId=${policeId}&limit=2`);
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await logOf(`officerId=${policeId}&limit=2&before=${first.nextCursor}`);
    expect(second.entries).toHaveLength(2);
    expect(second.entries.map((entry) => entry.id)).not.toContain(first.entries[0]?.id);
    expect((second.entries[0]?.at ?? '') <= (first.entries[1]?.at ?? '')).toBe(true);
    expect(second.total).toBe(first.total);

    expect((await logOf(`officerId=${randomUUID()}`)).entries).toEqual([]);
    expect((await get('/api/admin/access-log?limit=0', cookies.admin)).statusCode).toBe(400);
    expect((await get('/api/admin/access-log?before=nope', cookies.admin)).statusCode).toBe(400);
  });

  it('lists the officers and administrators to filter by', async () => {
    const response = await get('/api/admin/access-log/officers', cookies.admin);
    expect(response.statusCode).toBe(200);
    const officers = response.json().officers as Array<{ id: string; name: string; role: string }>;
    expect(officers).toContainEqual({ id: policeId, name: expect.any(String), role: 'police' });
    expect(officers.some((officer) => officer.role === 'admin')).toBe(true);
  });

  it('exports the filtered log as CSV', async () => {
    const response = await get(`/api/admin/access-log/export.csv?officerId=${policeId}`, cookies.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="nambala-personal-data-access-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Officer,Officer ID,Role,Plate,Purpose,Route,Check ID,Client address');
    const total = (await logOf(`officerId=${policeId}`)).total;
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).every((line) => line.includes(policeId) && line.includes('roadside check'))).toBe(true);
    for (const plate of plates) expect(response.body).toContain(plate);
  });

  it('is for administrators only: officers, buyers and the signed-out are refused', async () => {
    for (const url of [
      '/api/admin/access-log',
      '/api/admin/access-log/export.csv',
      '/api/admin/access-log/officers',
      '/api/admin/settings/lookup-threshold',
    ]) {
      expect([url, (await get(url)).statusCode]).toEqual([url, 401]);
      expect([url, (await get(url, cookies.police)).statusCode]).toEqual([url, 403]);
      expect([url, (await get(url, cookies.buyer)).statusCode]).toEqual([url, 403]);
    }
    const put = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/lookup-threshold',
      headers: { cookie: cookies.police ?? '' },
      payload: { dailyLookups: 1000 },
    });
    expect(put.statusCode).toBe(403);
  });

  it('raises one unusual-lookups alert for an officer who passes the daily threshold, and tells the administrators', async () => {
    const read = await get('/api/admin/settings/lookup-threshold', cookies.admin);
    expect(read.json()).toMatchObject({ settings: { dailyLookups: 50 }, updatedAt: null });
    for (const dailyLookups of [0, 1.5, 'ten']) {
      const bad = await app.inject({
        method: 'PUT',
        url: '/api/admin/settings/lookup-threshold',
        headers: { cookie: cookies.admin ?? '' },
        payload: { dailyLookups },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields?.dailyLookups).toEqual(expect.any(String));
    }
    const set = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/lookup-threshold',
      headers: { cookie: cookies.admin ?? '' },
      payload: { dailyLookups: 3 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ settings: { dailyLookups: 3 } });

    const officer = await sessionForNewAccount(db, {
      email: 'busy.officer@nambala.zm',
      name: 'Busy Officer',
      userType: 'POLICE',
      roles: ['police'],
    });
    const alerts = () =>
      db.query<{ kind: string; subject_id: string; evidence: Record<string, string>; summary: string }>(
        "SELECT kind, subject_id, evidence, summary FROM integrity_alerts WHERE kind = 'unusual-lookups' AND subject_id = $1",
        [officer.id],
      );
    for (const plate of [...plates, ...plates].slice(0, 3)) await get(`/api/verification/${plate}`, officer.cookie);
    expect(await alerts()).toEqual([]);
    for (const plate of plates) await get(`/api/verification/${plate}`, officer.cookie);

    const raised = await alerts();
    expect(raised).toHaveLength(1);
    expect(raised[0]?.evidence).toEqual({ lookups: '4', day: lusakaDay(new Date()), threshold: '3' });
    expect(raised[0]?.summary).toContain('Busy Officer');
    const notes = (await get('/api/notifications', cookies.admin)).json().notifications as Array<{ title: string }>;
    expect(notes.some((note) => note.title.startsWith('Integrity alert: Unusual number of owner lookups'))).toBe(true);

    await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/lookup-threshold',
      headers: { cookie: cookies.admin ?? '' },
      payload: { dailyLookups: 50 },
    });
  });

  it('keeps five years of the log: older rows are deleted by the retention sweep', async () => {
    const [before] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM personal_data_access_log');
    const sixYearsOn = new Date(Date.now() + 6 * 366 * 24 * 3600 * 1000);
    expect(await pruneAccessLog(db, new Date())).toBe(0);
    expect(await pruneAccessLog(db, sixYearsOn)).toBe(before?.n);
    const [after] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM personal_data_access_log');
    expect(after?.n).toBe(0);
  });
});

describe('the Lusaka day', () => {
  it('turns at midnight in Lusaka, 22:00 UTC', () => {
    expect(lusakaDay(new Date('2026-12-05T21:59:59Z'))).toBe('2026-12-05');
    expect(lusakaDay(new Date('2026-12-05T22:00:00Z'))).toBe('2026-12-06');
  });
});
