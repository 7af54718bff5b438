import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalOwnerOrder, type LocalUser, NambalaDatabase } from '../../../src/app/store/database';
import { mutate } from '../../../src/app/store/mutate';
import { pullAccountData, SignedOutError } from '../../../src/app/sync/pull';
import type { SessionUser } from '../../../src/app/session/session-store';

const base: Omit<LocalUser, 'id' | 'name'> = {
  email: 'x@example.zm',
  phone: null,
  userType: 'Customer',
  status: 'Active',
  requestedRole: null,
  businessName: null,
  licenseNumber: null,
  roles: ['buyer'],
  lastActiveAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
};
const admin: SessionUser = {
  id: 'USR-001',
  name: 'A',
  email: 'a@example.zm',
  status: 'Active',
  userType: 'ADMIN',
  roles: ['admin'],
  requestedRole: null,
  businessName: null,
};

/** The owner's own copies, empty unless a test gives them. */
const OWNER_COPIES = { '/api/me/orders': { orders: [] }, '/api/payments': { payments: [] } };

function serve(routes: Record<string, unknown>, status = 200) {
  const answers: Record<string, unknown> = { ...OWNER_COPIES, ...routes };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (path: string) =>
        new Response(JSON.stringify(answers[path] ?? {}), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

describe('pullAccountData', () => {
  let database: NambalaDatabase;
  beforeEach(() => {
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await database.delete();
  });

  it('replaces the copies with the server’s, removing rows the server no longer has', async () => {
    await database.adminUsers.bulkPut([
      { ...base, id: 'USR-002', name: 'Old' },
      { ...base, id: 'USR-009', name: 'Deleted elsewhere' },
    ]);
    serve({
      '/api/notifications': { notifications: [] },
      '/api/admin/users': { users: [{ ...base, id: 'USR-002', name: 'New' }] },
    });
    await pullAccountData(database, admin);
    expect(await database.adminUsers.toArray()).toEqual([{ ...base, id: 'USR-002', name: 'New', syncState: 'synced' }]);
  });

  it('writes nothing to a copy the server sends again unchanged, so the screens reading it are not run again', async () => {
    const users = [
      { ...base, id: 'USR-002', name: 'Same' },
      { ...base, id: 'USR-003', name: 'Renamed' },
    ];
    serve({ '/api/notifications': { notifications: [] }, '/api/admin/users': { users } });
    await pullAccountData(database, admin);
    const written: string[] = [];
    database.adminUsers.hook('creating', (id) => void written.push(`create ${String(id)}`));
    database.adminUsers.hook('updating', (_changes, id) => void written.push(`update ${String(id)}`));
    database.adminUsers.hook('deleting', (id) => void written.push(`delete ${String(id)}`));
    serve({
      '/api/notifications': { notifications: [] },
      '/api/admin/users': { users: [users[0], { ...base, id: 'USR-003', name: 'Renamed again' }] },
    });
    await pullAccountData(database, admin);
    expect(written).toEqual(['update USR-003']);
    expect((await database.adminUsers.get('USR-003'))?.name).toBe('Renamed again');
    serve({ '/api/notifications': { notifications: [] }, '/api/admin/users': { users: [users[0]] } });
    await pullAccountData(database, admin);
    expect(written).toEqual(['update USR-003', 'delete USR-003']);
  });

  it('keeps the device’s version of a row whose change is still waiting in the outbox', async () => {
    await mutate(database, {
      intent: 'editUser',
      table: 'adminUsers',
      row: { ...base, id: 'USR-003', name: 'Edited here' },
      payload: {},
    });
    await mutate(database, {
      intent: 'addUser',
      table: 'adminUsers',
      row: { ...base, id: 'local-new', name: 'Added here' },
      payload: {},
    });
    serve({
      '/api/notifications': { notifications: [] },
      '/api/admin/users': { users: [{ ...base, id: 'USR-003', name: 'Server copy' }] },
    });
    await pullAccountData(database, admin);
    expect((await database.adminUsers.get('USR-003'))?.name).toBe('Edited here');
    expect((await database.adminUsers.get('local-new'))?.name).toBe('Added here');
  });

  it('brings the user list only to an administrator', async () => {
    serve({
      '/api/notifications': {
        notifications: [
          {
            id: '1',
            kind: 'k',
            title: 't',
            body: 'b',
            link: null,
            createdAt: '2026-11-02T00:00:00.000Z',
            readAt: null,
          },
        ],
      },
    });
    await pullAccountData(database, { ...admin, roles: ['buyer'] });
    expect(await database.notifications.count()).toBe(1);
    const fetchMock = vi.mocked(fetch);
    expect(fetchMock.mock.calls.map(([path]) => path).sort()).toEqual([
      '/api/me/orders',
      '/api/notifications',
      '/api/payments',
    ]);
  });

  it('keeps the owner’s orders in progress and payments for offline reading', async () => {
    const order: LocalOwnerOrder = {
      id: 'REQ-009',
      kind: 'application',
      reference: 'LP-000009',
      status: 'Paid',
      plates: [],
      quantity: 1,
      vehicle: '',
      rejectionReason: null,
      reservedUntil: null,
      fee: null,
      listingId: null,
      applicationId: 'a',
      payment: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    await database.myOrders.put({ ...order, id: 'REQ-001', syncState: 'synced' });
    serve({ '/api/notifications': { notifications: [] }, '/api/me/orders': { orders: [order] } });
    await pullAccountData(database, { ...admin, roles: ['buyer'] });
    expect((await database.myOrders.toArray()).map((row) => row.id)).toEqual(['REQ-009']);
  });

  it('says so when the server no longer knows the session', async () => {
    serve({}, 401);
    await expect(pullAccountData(database, admin)).rejects.toBeInstanceOf(SignedOutError);
  });
});
