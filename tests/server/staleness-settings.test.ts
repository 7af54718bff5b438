/**
 * The roadside verdict's staleness thresholds as an administrator's setting: 24 hours and 7
 * days until changed; only an administrator changes them, validated (caution at least 1
 * hour, cannot-confirm longer than caution and at most 30 days) with a clear 400 for each;
 * audited and kept in the history; and sent to every device with the revocation list,
 * unchanged list or not.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STALENESS_SETTINGS } from '#domain/police/staleness-settings';
import { STALENESS_ORDER_MESSAGE } from '#domain/police/staleness-settings-words';
import type { Database } from '../../src/server/db/database';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb } from './test-app';

describe('verdict staleness settings', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Record<'admin' | 'police', string> = { admin: '', police: '' };

  async function cookieFor(name: string, role: 'admin' | 'police'): Promise<string> {
    const user = await userRepository(db).create({
      email: `${name}@example.zm`,
      name,
      phone: null,
      passwordHash: 'x',
      accountType: 'individual',
      userType: 'Customer',
      status: 'Active',
      requestedRole: null,
      roles: [role],
    });
    if (!user) throw new Error(`could not create ${name}`);
    const token = randomBytes(24).toString('base64url');
    await sessionRepository(db).create(token, user.id, new Date(Date.now() + 3600_000));
    return `nambala_session=${token}`;
  }
  const put = (cookie: string, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/admin/settings/staleness',
      headers: { cookie },
      payload: payload as object,
    });
  const revocations = async (query = '') =>
    (await app.inject({ method: 'GET', url: `/api/credentials/revocations${query}` })).json();

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb());
    cookies.admin = await cookieFor('admin', 'admin');
    cookies.police = await cookieFor('officer', 'police');
  });
  afterAll(() => app.close());

  it('is 24 hours and 7 days until an administrator changes it, and every device gets it with the revocation list', async () => {
    expect(DEFAULT_STALENESS_SETTINGS).toEqual({ cautionAfterHours: 24, unconfirmedAfterHours: 168 });
    const answer = await app.inject({
      method: 'GET',
      url: '/api/admin/settings/staleness',
      headers: { cookie: cookies.admin },
    });
    expect(answer.json()).toEqual({ settings: DEFAULT_STALENESS_SETTINGS, updatedAt: null });
    expect((await revocations()).staleness).toEqual(DEFAULT_STALENESS_SETTINGS);
  });

  it.each([
    [
      { cautionAfterHours: 0, unconfirmedAfterHours: 168 },
      'cautionAfterHours',
      'Caution after must be at least 1 hour',
    ],
    [{ cautionAfterHours: 24, unconfirmedAfterHours: 24 }, 'unconfirmedAfterHours', STALENESS_ORDER_MESSAGE],
    [{ cautionAfterHours: 48, unconfirmedAfterHours: 12 }, 'unconfirmedAfterHours', STALENESS_ORDER_MESSAGE],
    [
      { cautionAfterHours: 24, unconfirmedAfterHours: 721 },
      'unconfirmedAfterHours',
      'Cannot confirm offline after must be at most 720 hours (30 days)',
    ],
    [
      { cautionAfterHours: 1.5, unconfirmedAfterHours: 168 },
      'cautionAfterHours',
      'Caution after must be a whole number of hours',
    ],
    [
      { cautionAfterHours: '24', unconfirmedAfterHours: 168 },
      'cautionAfterHours',
      'Caution after must be a whole number of hours',
    ],
    [{ unconfirmedAfterHours: 168 }, 'cautionAfterHours', 'Caution after is required'],
  ])('refuses %j with a clear 400 on %s', async (payload, field, message) => {
    const response = await put(cookies.admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields?.[field]).toBe(message);
    expect((await revocations()).staleness).toEqual(DEFAULT_STALENESS_SETTINGS);
  });

  it('lets only an administrator change it; the change is audited, kept in the history and sent to devices', async () => {
    const changed = { cautionAfterHours: 6, unconfirmedAfterHours: 72 };
    expect((await put(cookies.police, changed)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/admin/settings/staleness', payload: changed })).statusCode,
    ).toBe(401);
    const saved = await put(cookies.admin, changed);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual(changed);
    // A device whose list is current gets the new thresholds all the same.
    const first = await revocations();
    expect(first.staleness).toEqual(changed);
    const again = await revocations(`?known=${first.version}`);
    expect(again).toMatchObject({ unchanged: true, staleness: changed });
    const history = await app.inject({
      method: 'GET',
      url: '/api/admin/settings/staleness/history',
      headers: { cookie: cookies.admin },
    });
    expect(history.json().history[0]).toMatchObject({ settings: changed, previous: DEFAULT_STALENESS_SETTINGS });
    const [audit] = await db.query<{ detail: { before: unknown; after: unknown } }>(
      "SELECT detail FROM audit_log WHERE action = 'settings.staleness' ORDER BY id DESC LIMIT 1",
    );
    expect(audit?.detail).toEqual({ before: DEFAULT_STALENESS_SETTINGS, after: changed });
    // The bounds themselves are allowed.
    expect((await put(cookies.admin, { cautionAfterHours: 1, unconfirmedAfterHours: 720 })).statusCode).toBe(200);
    expect((await put(cookies.admin, DEFAULT_STALENESS_SETTINGS)).statusCode).toBe(200);
  });
});
