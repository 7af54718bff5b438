/**
 * Every API route × every role (anonymous included), generated from the routes'
 * own declarations and the domain's permission table: allowed, or refused with
 * 401 (not signed in) / 403 (signed in without the permission).
 */
import { ROLES, type Role, rolesAllowed } from '#domain/accounts/permissions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { Database } from '../../src/server/db/database';
import { registerAuth } from '../../src/server/plugins/auth';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb } from './test-app';

type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', ...ROLES];

describe('permission matrix', () => {
  let app: FastifyInstance;
  let db: Database;
  const userIds = new Map<Role, string>();
  let sessionCount = 0;

  /** A fresh session per request: a sign-out route in the matrix must not end the next check's session. */
  async function cookieFor(caller: Caller): Promise<string | undefined> {
    if (caller === 'anonymous') return undefined;
    sessionCount += 1;
    const token = `matrix-${caller}-${sessionCount}`;
    await sessionRepository(db).create(token, userIds.get(caller) ?? '', new Date(Date.now() + 3600_000));
    return `nambala_session=${token}`;
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb());
    for (const role of ROLES) {
      const user = await userRepository(db).create({
        email: `${role}@matrix.zm`,
        name: role,
        passwordHash: 'x',
        accountType: 'individual',
        userType: 'Customer',
        status: 'Active',
        requestedRole: null,
        roles: [role],
      });
      userIds.set(role, user?.id ?? '');
    }
  });
  afterAll(() => app.close());

  it('knows every API route', () => {
    expect(app.routeAccess.length).toBeGreaterThanOrEqual(7);
  });

  it('answers every route for every caller as declared', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of app.routeAccess) {
      // The partner API answers an API key, never a session: every caller without a key gets 401.
      const allowed = route.access === 'partner-key' ? [] : rolesAllowed(route.access);
      for (const caller of CALLERS) {
        const url = route.url.replace(/:(\w+)/g, 'x');
        const cookie = await cookieFor(caller);
        const response = await app.inject({
          method: route.method as 'GET',
          url,
          headers: cookie ? { cookie } : {},
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const isAllowed =
          allowed === 'anyone' ||
          (allowed === 'any-signed-in' ? caller !== 'anonymous' : caller !== 'anonymous' && allowed.includes(caller));
        const expected = isAllowed ? 'allowed' : caller === 'anonymous' || route.access === 'partner-key' ? 401 : 403;
        const actual = response.statusCode === 401 || response.statusCode === 403 ? response.statusCode : 'allowed';
        if (actual !== expected)
          failures.push(`${route.method} ${route.url} as ${caller}: expected ${expected}, got ${response.statusCode}`);
        checked += 1;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(app.routeAccess.length * CALLERS.length);
  });

  it('keeps the streamed report exports for administrators: the files only they may read', async () => {
    const exports = ['/api/admin/reports/export/users.csv', '/api/admin/reports/export/logs.csv'];
    for (const url of exports) {
      expect(app.routeAccess).toContainEqual({ method: 'GET', url, access: 'reports:read' });
      for (const caller of CALLERS) {
        const cookie = await cookieFor(caller);
        const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect([url, caller, response.statusCode]).toEqual([
          url,
          caller,
          caller === 'admin' ? 200 : caller === 'anonymous' ? 401 : 403,
        ]);
        if (caller === 'admin') expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      }
    }
  });

  it('keeps the personal data access log and its CSV for administrators alone', async () => {
    const logRoutes = app.routeAccess.filter((route) => route.url.startsWith('/api/admin/access-log'));
    expect(logRoutes.map((route) => `${route.method} ${route.url} ${route.access}`).sort()).toEqual([
      'GET /api/admin/access-log audit:read',
      'GET /api/admin/access-log/export.csv audit:read',
      'GET /api/admin/access-log/officers audit:read',
    ]);
    for (const { url } of logRoutes) {
      for (const caller of CALLERS) {
        const cookie = await cookieFor(caller);
        const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect([url, caller, response.statusCode]).toEqual([
          url,
          caller,
          caller === 'admin' ? 200 : caller === 'anonymous' ? 401 : 403,
        ]);
      }
    }
  });

  it('answers every pushed intent for every caller as declared', async () => {
    const { INTENTS } = await import('../../src/server/sync/intent-registry');
    const failures: string[] = [];
    let checked = 0;
    for (const [name, intent] of Object.entries(INTENTS)) {
      const allowed = rolesAllowed(intent.access);
      for (const caller of CALLERS) {
        const cookie = await cookieFor(caller);
        // An empty payload: a caller who may send the intent gets its validation message.
        const response = await app.inject({
          method: 'POST',
          url: '/api/sync/push',
          headers: cookie ? { cookie } : {},
          payload: { clientId: 'matrix', mutations: [{ id: crypto.randomUUID(), intent: name, payload: {} }] },
        });
        const isAllowed =
          allowed === 'anyone' ||
          (allowed === 'any-signed-in' ? caller !== 'anonymous' : caller !== 'anonymous' && allowed.includes(caller));
        const expected = isAllowed ? 'rejected 400' : caller === 'anonymous' ? 'HTTP 401' : 'rejected 403';
        const result = response.statusCode === 200 ? response.json().results[0] : undefined;
        const actual = result ? `${result.outcome} ${result.status}` : `HTTP ${response.statusCode}`;
        if (actual !== expected) failures.push(`${name} as ${caller}: expected ${expected}, got ${actual}`);
        checked += 1;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(Object.keys(INTENTS).length * CALLERS.length);
  });

  it("covers the claim routes and intent, each for the claim's insurance agent only", async () => {
    const claimRoutes = app.routeAccess.filter((route) => route.url.startsWith('/api/insurance/claims'));
    expect(claimRoutes.map((route) => `${route.method} ${route.url} ${route.access}`).sort()).toEqual([
      'GET /api/insurance/claims/:id/photos/:sha256 insurance:manage',
      'GET /api/insurance/claims/:id/photos/:sha256/upload insurance:manage',
      'POST /api/insurance/claims/:id/steps insurance:manage',
      'PUT /api/insurance/claims/:id/photos/:sha256 insurance:manage',
    ]);
    const { INTENTS } = await import('../../src/server/sync/intent-registry');
    expect(INTENTS.saveClaim?.access).toBe('insurance:manage');
  });

  it('refuses to start when an API route declares no access', async () => {
    const bare = Fastify();
    registerAuth(bare, db);
    expect(() => bare.get('/api/forgotten', async () => 'open')).toThrow(/declares no access/);
    await bare.close();
  });
});
