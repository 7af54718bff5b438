/**
 * The streamed Quick Report exports (users.csv, logs.csv) read back with an RFC 4180
 * parser and compared with the report's own figures: period boundaries, every row across
 * several pages (rows sharing one instant included), names with commas, quotes, line
 * breaks and letters beyond ASCII; the file's headers; a bad period and other roles refused.
 */
import { formatLusakaDateTime } from '#domain/dates/lusaka-date-time';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#domain/accounts/permissions';
import { parseCsv } from '#domain/fleet/fleet-csv';
import type { AdminReport } from '#domain/reports/admin-report';
import type { Database } from '../../src/server/db/database';
import { EXPORT_PAGE_ROWS } from '../../src/server/routes/report-routes';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb } from './test-app';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000);
/** Accounts made at one instant 10 days ago: more than two pages, so paging must not drop or repeat rows that tie on time. */
const BULK_USERS = EXPORT_PAGE_ROWS * 2 + 37;
/** Log rows at one instant 5 days ago, with more around them. */
const BULK_LOGS = EXPORT_PAGE_ROWS + 250;

const AWKWARD_NAMES = [
  'Banda, Mwila',
  'Chanda "Chief" Phiri',
  'Two\r\nLines Tembo',
  'Mwila Bánda',
  'Łukasz Żółć',
  'Nkandu 木村',
];

function records(text: string): string[][] {
  const parsed = parseCsv(text);
  expect(parsed.filter((record) => record.problem !== undefined)).toEqual([]);
  return parsed.map((record) => record.fields);
}

describe('streamed report exports', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Partial<Record<'admin' | 'buyer', string>> = {};
  const awkwardIds = new Map<string, string>();

  async function addUser(name: string, roles: Role[], createdAt: Date): Promise<string> {
    const user = await userRepository(db).create({
      email: `${randomUUID()}@exports.zm`,
      name,
      passwordHash: 'x',
      accountType: 'individual',
      userType: roles.includes('admin') ? 'ADMIN' : 'Customer',
      status: 'Active',
      requestedRole: null,
      roles,
    });
    await db.query('UPDATE users SET created_at = $2 WHERE id = $1', [user?.id, createdAt.toISOString()]);
    return user?.id ?? '';
  }
  async function session(userId: string): Promise<string> {
    const token = `exports-${randomUUID()}`;
    await sessionRepository(db).create(token, userId, new Date(Date.now() + 3600_000));
    return `nambala_session=${token}`;
  }
  const get = (path: string, cookie = cookies.admin ?? '') =>
    app.inject({ method: 'GET', url: path, headers: { cookie } });
  async function report(period: string): Promise<AdminReport> {
    const response = await get(`/api/admin/reports?period=${period}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ now: () => NOW }));
    const adminId = await addUser('Admin', ['admin'], daysAgo(400));
    cookies.admin = await session(adminId);
    cookies.buyer = await session(await addUser('Buyer', ['buyer'], daysAgo(45)));
    for (const [index, name] of AWKWARD_NAMES.entries())
      awkwardIds.set(name, await addUser(name, ['buyer'], daysAgo(index + 1)));
    // On the period's edges: exactly 30 days ago is in the last 30 days, now itself is not.
    await addUser('Edge In', ['buyer'], daysAgo(30));
    await addUser('Edge Out', ['buyer'], NOW);
    await db.query(
      `INSERT INTO users (id, email, name, password_hash, account_type, user_type, status, created_at)
       SELECT 'BULK-' || lpad(n::text, 5, '0'), 'bulk' || n || '@exports.zm', 'Bulk ' || n, 'x', 'individual', 'Customer', 'Active', $1::timestamptz
         FROM generate_series(1, $2::int) AS n`,
      [daysAgo(10).toISOString(), BULK_USERS],
    );
    await db.query(
      `INSERT INTO system_logs (level, module, message, at)
       SELECT CASE WHEN n % 3 = 0 THEN 'ERROR' ELSE 'WARNING' END, 'payments', 'Gateway timeout, try ' || n || ' ("retry")', $1::timestamptz
         FROM generate_series(1, $2::int) AS n`,
      [daysAgo(5).toISOString(), BULK_LOGS],
    );
    await db.query(
      `INSERT INTO system_logs (level, module, message, at) VALUES
         ('ERROR', 'sync', 'Inside the period, at its start', $1), ('ERROR', 'sync', 'Before the period', $2), ('WARNING', 'payments', 'Łusaka line
two', $3)`,
      [daysAgo(30).toISOString(), new Date(daysAgo(30).getTime() - 1).toISOString(), daysAgo(1).toISOString()],
    );
  }, 120_000);
  afterAll(() => app.close());

  it('streams every account created in the period, as many as the report counts, with the file named by its period', async () => {
    const response = await get('/api/admin/reports/export/users.csv?period=last30days');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="nambala-users-last30days-2026-11-24.csv"',
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = records(response.body);
    expect(header).toEqual(['User ID', 'Name', 'Email', 'Type', 'Status', 'Created', 'Last Active']);
    expect(rows).toHaveLength((await report('last30days')).summary.newUsers);
    expect(rows).toHaveLength(BULK_USERS + AWKWARD_NAMES.length + 1);
    expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length);
    const names = rows.map((row) => row[1]);
    expect(names).toContain('Edge In');
    expect(names).not.toContain('Edge Out');
    expect(names).not.toContain('Buyer');
    // Oldest first.
    const created = rows.map((row) => row[5] ?? '');
    expect([...created].sort()).toEqual(created);
  });

  it('keeps names with commas, quotes, line breaks and letters beyond ASCII as they were entered', async () => {
    const [, ...rows] = records((await get('/api/admin/reports/export/users.csv?period=last7days')).body);
    for (const name of AWKWARD_NAMES) {
      const row = rows.find((fields) => fields[0] === awkwardIds.get(name));
      expect(row?.[1]).toBe(name);
      expect(row?.slice(3, 5)).toEqual(['Customer', 'Active']);
      expect(row?.[6]).toBe('');
    }
  });

  it('streams every account there is for the period all, as many as Total Users', async () => {
    const response = await get('/api/admin/reports/export/users.csv?period=all');
    expect(response.headers['content-disposition']).toBe('attachment; filename="nambala-users-all-2026-11-24.csv"');
    const [, ...rows] = records(response.body);
    expect(rows).toHaveLength((await report('lastyear')).summary.totalUsers);
    expect(rows.find((row) => row[1] === 'Admin')?.[3]).toBe('ADMIN');
  });

  it('streams every log row of the period, newest first, the first rows being the report’s System Logs', async () => {
    const response = await get('/api/admin/reports/export/logs.csv?period=last30days');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="nambala-system-logs-last30days-2026-11-24.csv"',
    );
    const [header, ...rows] = records(response.body);
    expect(header).toEqual(['Level', 'Message', 'Module', 'Timestamp']);
    const messages = rows.map((row) => row[1]);
    expect(messages.filter((message) => message?.startsWith('Gateway timeout'))).toHaveLength(BULK_LOGS);
    expect(new Set(messages).size).toBe(rows.length);
    expect(messages).toContain('Inside the period, at its start');
    expect(messages).not.toContain('Before the period');
    expect(messages).toContain('Łusaka line\ntwo');
    expect(messages).toContain(`Gateway timeout, try 7 ("retry")`);
    const report30 = await report('last30days');
    expect(rows.slice(0, report30.logs.length)).toEqual(
      report30.logs.map((log) => [log.level, log.message, log.module, formatLusakaDateTime(log.at)]),
    );
    const times = rows.map((row) => row[3] ?? '');
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses an unknown period with the periods it takes', async () => {
    for (const kind of ['users', 'logs']) {
      const response = await get(`/api/admin/reports/export/${kind}.csv?period=forever`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(
        'Choose a period: last7days, last30days, last3months, last6months, lastyear, all.',
      );
    }
  });

  it('is for administrators only', async () => {
    for (const kind of ['users', 'logs']) {
      expect((await get(`/api/admin/reports/export/${kind}.csv`, '')).statusCode).toBe(401);
      expect((await get(`/api/admin/reports/export/${kind}.csv`, cookies.buyer ?? '')).statusCode).toBe(403);
    }
  });
});
