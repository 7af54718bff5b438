/**
 * Reports & Analytics against a hand-made data set with known dates: the figures of the
 * period and of the previous period of the same length, stock per month, the longer
 * periods, 400s for an unknown period or type, and administrators only.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReport } from '#domain/reports/admin-report';
import type { Role } from '#domain/accounts/permissions';
import type { RequestStatus } from '#domain/statuses/statuses';
import type { Database } from '../../src/server/db/database';
import { applicationRepository } from '../../src/server/repositories/application-repository';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb } from './test-app';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000);

describe('admin reports', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Partial<Record<'admin' | 'buyer', string>> = {};

  async function addUser(name: string, roles: Role[], createdAt: Date): Promise<string> {
    const user = await userRepository(db).create({
      email: `${name.toLowerCase()}@reports.zm`,
      name,
      passwordHash: 'x',
      accountType: 'individual',
      userType: 'Customer',
      status: 'Active',
      requestedRole: null,
      roles,
    });
    await db.query('UPDATE users SET created_at = $2 WHERE id = $1', [user?.id, createdAt.toISOString()]);
    return user?.id ?? '';
  }
  async function addRequest(applicantId: string, status: RequestStatus, createdAt: Date) {
    await applicationRepository(db).insert({
      applicationId: randomUUID(),
      applicantId,
      applicantName: 'Applicant',
      nrcNumber: '123456/78/9',
      phone: '0961234567',
      email: 'applicant@reports.zm',
      address: 'Lusaka',
      quantity: 1,
      paymentMethod: 'mtn',
      createdAt,
      plateType: 'Standard',
      status,
    });
  }
  async function session(userId: string): Promise<string> {
    const token = `reports-${randomUUID()}`;
    await sessionRepository(db).create(token, userId, new Date(Date.now() + 3600_000));
    return `nambala_session=${token}`;
  }
  const get = (query: string, cookie = cookies.admin ?? '') =>
    app.inject({ method: 'GET', url: `/api/admin/reports${query}`, headers: { cookie } });
  async function report(query = ''): Promise<AdminReport> {
    const response = await get(query);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ now: () => NOW }));
    const adminId = await addUser('Admin', ['admin'], daysAgo(400));
    const buyerId = await addUser('Buyer', ['buyer'], daysAgo(3));
    const makerId = await addUser('Maker', ['agent'], daysAgo(40));
    await addUser('Earlier', ['buyer'], daysAgo(45));
    await addUser('Older', ['buyer'], daysAgo(50));
    cookies.admin = await session(adminId);
    cookies.buyer = await session(buyerId);

    await addRequest(buyerId, 'Pending', daysAgo(2));
    await addRequest(buyerId, 'Approved', daysAgo(31));
    await addRequest(buyerId, 'Pending', daysAgo(35));
    await addRequest(buyerId, 'Rejected', daysAgo(59));
    await addRequest(buyerId, 'Pending', daysAgo(200));
    await db.query(
      `INSERT INTO agent_inventory_items (id, agent_id, item_type, quantity, batch_number, received_date, created_at) VALUES
        ('inv-1', $1, 'Plate Blanks', 30, 'B-1', '2026-11-20', $2), ('inv-2', $1, 'Plate Blanks', 120, 'B-0', '2026-10-10', $3), ('inv-3', $1, 'Raw Materials', 500, 'R-0', '2026-03-01', $4)`,
      [makerId, daysAgo(4).toISOString(), daysAgo(45).toISOString(), daysAgo(268).toISOString()],
    );
  }, 60_000);
  afterAll(() => app.close());

  it('compares the default period, the last 30 days, with the 30 days before it', async () => {
    const answer = await report();
    expect(answer).toMatchObject({
      period: 'last30days',
      type: 'Overview',
      from: daysAgo(30).toISOString(),
      to: NOW.toISOString(),
    });
    expect(answer.summary).toMatchObject({ newUsers: 1, requestsReceived: 1, activeRequests: 1, inventoryItems: 30 });
    expect(answer.previous).toEqual({
      from: daysAgo(60).toISOString(),
      to: daysAgo(30).toISOString(),
      newUsers: 3,
      requestsReceived: 3,
      activeRequests: 1,
      inventoryItems: 120,
    });
  });

  it('covers a whole year back with stock per Lusaka month, and compares it with the year before', async () => {
    const answer = await report('?period=lastyear&type=Inventory%20Report');
    expect(answer).toMatchObject({ type: 'Inventory Report', from: '2025-11-24T10:00:00.000Z' });
    expect(answer.previous).toMatchObject({
      from: '2024-11-24T10:00:00.000Z',
      to: '2025-11-24T10:00:00.000Z',
      newUsers: 1,
      requestsReceived: 0,
      inventoryItems: 0,
    });
    expect(answer.summary).toMatchObject({ newUsers: 4, requestsReceived: 5, inventoryItems: 650 });
    expect(answer.monthly).toHaveLength(13);
    expect(answer.monthly.find((row) => row.month === '2026-03')).toEqual({
      month: '2026-03',
      users: 0,
      requests: 0,
      inventory: 500,
    });
    expect(answer.monthly.find((row) => row.month === '2026-10')).toEqual({
      month: '2026-10',
      users: 3,
      requests: 2,
      inventory: 120,
    });
  });

  it('takes six calendar months for the last 6 months', async () => {
    const answer = await report('?period=last6months&type=System%20Report');
    expect(answer.from).toBe('2026-05-24T10:00:00.000Z');
    expect(answer.previous.from).toBe(
      new Date(Date.parse('2026-05-24T10:00:00.000Z') * 2 - NOW.getTime()).toISOString(),
    );
    expect(answer.summary.health.checks.length).toBeGreaterThan(0);
  });

  it('refuses an unknown period or report type with a clear message', async () => {
    const badPeriod = await get('?period=last2years');
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().message).toContain(
      'Choose a period: last7days, last30days, last3months, last6months, lastyear.',
    );
    const badType = await get('?type=Money');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields).toEqual({
      type: 'Choose a report type: Overview, Users Report, Requests Report, Inventory Report, System Report.',
    });
  });

  it('is for administrators only', async () => {
    expect((await get('', '')).statusCode).toBe(401);
    expect((await get('', cookies.buyer ?? '')).statusCode).toBe(403);
  });
});
