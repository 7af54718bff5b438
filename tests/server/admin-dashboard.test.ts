/**
 * The System Dashboard's figures against a hand-made data set with known dates: counts
 * per period and per Lusaka month (a month with nothing reads 0), shares that add up,
 * health from real checks, logs from what the server records; bad queries are 400s and
 * only administrators may read it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '#domain/reports/admin-dashboard';
import type { Database } from '../../src/server/db/database';
import { allocationRepository } from '../../src/server/repositories/allocation-repository';
import { auditRepository } from '../../src/server/repositories/audit-repository';
import { applicationRepository } from '../../src/server/repositories/application-repository';
import { reportRepository } from '../../src/server/repositories/report-repository';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import type { Role } from '#domain/accounts/permissions';
import type { RequestStatus } from '#domain/statuses/statuses';
import { buildTestAppWithDb } from './test-app';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000);

describe('admin dashboard', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Partial<Record<'admin' | 'buyer', string>> = {};
  let agentId = '';
  /** The server's clock; the last test moves it on past a failure it records. */
  let clock = NOW;

  async function addUser(name: string, roles: Role[], status: string, createdAt: Date): Promise<string> {
    const user = await userRepository(db).create({
      email: `${name.toLowerCase()}@dash.zm`,
      name,
      passwordHash: 'x',
      accountType: 'individual',
      userType: 'Customer',
      status: 'Active',
      requestedRole: null,
      roles,
    });
    await db.query('UPDATE users SET created_at = $2, status = $3 WHERE id = $1', [
      user?.id,
      createdAt.toISOString(),
      status,
    ]);
    return user?.id ?? '';
  }
  async function addRequest(
    applicantId: string,
    quantity: number,
    plateType: string,
    status: RequestStatus,
    createdAt: Date,
  ) {
    await applicationRepository(db).insert({
      applicationId: randomUUID(),
      applicantId,
      applicantName: 'Applicant',
      nrcNumber: '123456/78/9',
      phone: '0961234567',
      email: 'applicant@dash.zm',
      address: 'Lusaka',
      quantity,
      paymentMethod: 'mtn',
      createdAt,
      plateType,
      status,
    });
  }
  async function session(userId: string): Promise<string> {
    const token = `dashboard-${randomUUID()}`;
    await sessionRepository(db).create(token, userId, new Date(Date.now() + 3600_000));
    return `nambala_session=${token}`;
  }
  async function dashboard(query = ''): Promise<AdminDashboard> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/dashboard${query}`,
      headers: { cookie: cookies.admin ?? '' },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ now: () => clock }));
    // A route that fails on the server's side, as a fault in any route would.
    app.get('/api/dashboard-test/failing', { config: { access: 'public' } }, async () => {
      throw new Error('the disk is full');
    });
    const adminId = await addUser('Admin', ['admin'], 'Active', daysAgo(200));
    const buyerId = await addUser('Buyer', ['buyer'], 'Active', daysAgo(3));
    agentId = await addUser('Maker', ['agent'], 'Active', daysAgo(20));
    await addUser('Waiting', [], 'Pending', daysAgo(45));
    await addUser('Stopped', ['buyer'], 'Suspended', daysAgo(80));
    await addUser('Future', ['buyer'], 'Active', new Date(NOW.getTime() + 1000));
    cookies.admin = await session(adminId);
    cookies.buyer = await session(buyerId);

    await addRequest(buyerId, 2, 'Standard', 'Pending', daysAgo(2));
    await addRequest(buyerId, 1, 'Commercial', 'Approved', daysAgo(10));
    await addRequest(buyerId, 3, 'Standard', 'Under Review', daysAgo(29));
    await addRequest(buyerId, 4, 'Diplomatic', 'Pending', daysAgo(31));
    await addRequest(buyerId, 5, 'Standard', 'Pending', daysAgo(120));

    await db.query(
      `INSERT INTO agent_inventory_items (id, agent_id, item_type, quantity, batch_number, received_date, created_at) VALUES
        ('inv-1', $1, 'Plate Blanks', 30, 'B-1', '2026-11-20', $2), ('inv-2', $1, 'Raw Materials', 12, 'R-1', '2026-11-10', $3), ('inv-3', $1, 'Plate Blanks', 500, 'B-0', '2026-08-01', $4)`,
      [agentId, daysAgo(4).toISOString(), daysAgo(14).toISOString(), daysAgo(115).toISOString()],
    );
    // Two allocations to the maker: 200 standard blanks (In Stock) and 30 commercial ones (Low Stock at the default 50).
    const allocations = allocationRepository(db);
    await allocations.save(
      {
        id: randomUUID(),
        shopId: agentId,
        plateType: 'Standard',
        allocatedQuantity: 200,
        note: '',
        serialFirst: null,
        serialLast: null,
      },
      adminId,
      daysAgo(9),
      undefined,
    );
    await allocations.save(
      {
        id: randomUUID(),
        shopId: agentId,
        plateType: 'Commercial',
        allocatedQuantity: 30,
        note: '',
        serialFirst: null,
        serialLast: null,
      },
      adminId,
      daysAgo(8),
      undefined,
    );
    await auditRepository(db).record({ actorId: adminId, action: 'user.edit', target: buyerId });
    await auditRepository(db).record({
      actorId: null,
      action: 'auth.sign-in',
      target: 'x@dash.zm',
      outcome: 'failure',
      detail: { reason: 'wrong-credentials' },
    });
    await db.query('UPDATE audit_log SET at = $1', [daysAgo(1).toISOString()]);
  }, 60_000);
  afterAll(() => app.close());

  it('counts users, open requests and stock received for the default period, the last 30 days', async () => {
    const answer = await dashboard();
    expect(answer).toMatchObject({
      period: 'last30days',
      view: 'overview',
      from: daysAgo(30).toISOString(),
      to: NOW.toISOString(),
    });
    expect(answer.summary).toMatchObject({
      totalUsers: 5,
      newUsers: 2,
      activeRequests: 2,
      requestsReceived: 3,
      inventoryItems: 42,
      lowStockAllocations: 1,
    });
    expect(answer.monthly).toEqual([
      { month: '2026-10', users: 0, requests: 1 },
      { month: '2026-11', users: 2, requests: 2 },
    ]);
    expect(answer.plateTypes).toEqual([
      { name: 'Standard', value: 5, percentage: 83 },
      { name: 'Commercial', value: 1, percentage: 17 },
    ]);
    expect(answer.inventoryByType).toEqual([
      { name: 'Plate Blanks', value: 30, percentage: 71 },
      { name: 'Raw Materials', value: 12, percentage: 29 },
    ]);
  });

  it('reads a month with no data as 0 and takes the whole of three calendar months', async () => {
    const answer = await dashboard('?period=last3months&view=requests');
    expect(answer.from).toBe('2026-08-24T10:00:00.000Z');
    expect(answer.monthly.map((row) => row.month)).toEqual(['2026-08', '2026-09', '2026-10', '2026-11']);
    expect(answer.monthly[0]).toEqual({ month: '2026-08', users: 0, requests: 0 });
    expect(answer.monthly[1]).toEqual({ month: '2026-09', users: 1, requests: 0 });
    expect(answer.summary).toMatchObject({
      newUsers: 4,
      requestsReceived: 4,
      activeRequests: 3,
      lowStockAllocations: 1,
    });
    const shares = answer.userStatuses;
    expect(shares.map((row) => row.name)).toEqual(['Active', 'Pending', 'Suspended']);
    expect(shares.reduce((sum, row) => sum + row.percentage, 0)).toBe(100);
  });

  it('shows the audit trail as activity and logs, without sign-ins in the activity', async () => {
    await reportRepository(db).recordLog({
      level: 'ERROR',
      module: 'payments',
      message: 'GET /api/payments failed: boom',
      at: daysAgo(2),
    });
    const answer = await dashboard('?period=last7days');
    expect(answer.activity.map((row) => [row.type, row.user])).toEqual([
      ['user', 'Admin'],
      ['inventory', 'Maker'],
    ]);
    // In words, not action codes.
    expect(answer.activity[0]?.action).toMatch(/^Account USR-\d+ changed$/);
    // Both audited at the same instant: the later entry first.
    expect(answer.logs.map((row) => [row.level, row.module])).toEqual([
      ['WARNING', 'auth'],
      ['INFO', 'user'],
      ['ERROR', 'payments'],
    ]);
    expect(answer.logs.map((row) => row.message)).toEqual([
      'Sign-in as x@dash.zm refused (wrong email or password)',
      `Admin: ${answer.activity[0]?.action}`,
      'GET /api/payments failed: boom',
    ]);
    const errors = answer.summary.health.checks.find((check) => check.id === 'errors');
    expect(errors).toMatchObject({ isOk: false, detail: '1 server error' });
    expect(answer.summary.health.isOperational).toBe(false);
    expect(
      (await dashboard('?period=last30days')).summary.health.checks.every(
        (check) => check.id === 'errors' || check.isOk,
      ),
    ).toBe(true);
  });

  it('refuses an unknown period or view with a clear message', async () => {
    const badPeriod = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard?period=lastyear',
      headers: { cookie: cookies.admin ?? '' },
    });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().message).toContain('Choose a period: last7days, last30days, last3months.');
    const badView = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard?view=money',
      headers: { cookie: cookies.admin ?? '' },
    });
    expect(badView.statusCode).toBe(400);
    expect(badView.json().fields).toEqual({ view: 'Choose a view: overview, users, requests, inventory.' });
  });

  it('is documented in the API description', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(
      document.paths['/api/admin/dashboard'].get.parameters.map((parameter: { name: string }) => parameter.name).sort(),
    ).toEqual(['period', 'view']);
  });

  it('is for administrators only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: cookies.buyer ?? '' } }))
        .statusCode,
    ).toBe(403);
  });

  it('records a request that failed on the server as an ERROR line and counts it against health', async () => {
    const failed = await app.inject({ method: 'GET', url: '/api/dashboard-test/failing' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().message).not.toContain('disk');
    clock = new Date(NOW.getTime() + 60_000);
    const answer = await dashboard('?period=last7days');
    expect(answer.logs[0]).toMatchObject({
      level: 'ERROR',
      module: 'dashboard-test',
      message: 'GET /api/dashboard-test/failing failed: the disk is full',
      at: NOW.toISOString(),
    });
    expect(answer.summary.health.checks.find((check) => check.id === 'errors')?.detail).toBe('2 server errors');
  });
});
