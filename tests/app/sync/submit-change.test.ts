import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LocalUser, NambalaDatabase } from '../../../src/app/store/database';
import { mutate } from '../../../src/app/store/mutate';
import { discardRejected, submitChange } from '../../../src/app/sync/submit-change';
import { oneByOne, pushOutbox } from '../../../src/app/sync/push';
import type { PushResult } from '../../../src/app/sync/push-transport';

const user: LocalUser = {
  id: 'USR-007',
  name: 'Mwape Chola',
  email: 'mwape@example.zm',
  phone: null,
  userType: 'Customer',
  status: 'Active',
  requestedRole: null,
  businessName: null,
  licenseNumber: null,
  roles: ['buyer'],
  lastActiveAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  syncState: 'synced',
};

describe('submitChange and discardRejected', () => {
  let database: NambalaDatabase;
  beforeEach(async () => {
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
    await database.adminUsers.put(user);
  });
  afterEach(async () => {
    await database.delete();
  });

  const answering = (result: PushResult) => () =>
    pushOutbox(
      database,
      oneByOne(async () => result),
    );

  it('answers sent when the server applied the change, and the row is synced', async () => {
    const outcome = await submitChange(
      { intent: 'editUser', table: 'adminUsers', row: { ...user, name: 'Mwape C.' }, payload: {} },
      { database, sync: answering({ outcome: 'applied' }) },
    );
    expect(outcome.status).toBe('sent');
    expect(await database.adminUsers.get(user.id)).toMatchObject({ name: 'Mwape C.', syncState: 'synced' });
  });

  it('answers queued when the server cannot be reached, and the change waits on the device', async () => {
    const outcome = await submitChange(
      { intent: 'editUser', table: 'adminUsers', row: { ...user, status: 'Suspended' }, payload: {} },
      { database, sync: answering({ outcome: 'retry', reason: 'offline' }) },
    );
    expect(outcome.status).toBe('queued');
    expect(await database.adminUsers.get(user.id)).toMatchObject({ status: 'Suspended', syncState: 'pending' });
    expect(await database.outbox.count()).toBe(1);
  });

  it('answers rejected with the reason; discarding puts the row back as it was before the change', async () => {
    const outcome = await submitChange(
      { intent: 'editUser', table: 'adminUsers', row: { ...user, status: 'Suspended' }, payload: {} },
      { database, sync: answering({ outcome: 'rejected', reason: 'Not this one', fields: { status: 'No' } }) },
    );
    expect(outcome).toEqual({
      status: 'rejected',
      entryId: outcome.entryId,
      reason: 'Not this one',
      fields: { status: 'No' },
    });
    expect(await database.adminUsers.get(user.id)).toMatchObject({ status: 'Suspended', syncState: 'rejected' });
    await discardRejected(outcome.entryId, database);
    expect(await database.outbox.count()).toBe(0);
    expect(await database.adminUsers.get(user.id)).toEqual(user);
  });

  it('discarding a refused change to a row made on this device removes the row', async () => {
    const outcome = await submitChange(
      { intent: 'addUser', table: 'adminUsers', row: { ...user, id: 'local-1' }, payload: {} },
      { database, sync: answering({ outcome: 'rejected', reason: 'Email taken' }) },
    );
    await discardRejected(outcome.entryId, database);
    expect(await database.adminUsers.get('local-1')).toBeUndefined();
  });

  it('leaves the row as later changes made it when they are still waiting', async () => {
    const outcome = await submitChange(
      { intent: 'editUser', table: 'adminUsers', row: { ...user, status: 'Suspended' }, payload: {} },
      { database, sync: answering({ outcome: 'rejected', reason: 'No' }) },
    );
    await mutate(database, {
      intent: 'editUser',
      table: 'adminUsers',
      row: { ...user, name: 'Later name' },
      payload: {},
    });
    await discardRejected(outcome.entryId, database);
    expect(await database.adminUsers.get(user.id)).toMatchObject({ name: 'Later name', syncState: 'pending' });
  });

  it('does nothing to a change that is still pending', async () => {
    const outcome = await submitChange(
      { intent: 'editUser', table: 'adminUsers', row: { ...user, status: 'Inactive' }, payload: {} },
      { database, sync: async () => undefined },
    );
    await discardRejected(outcome.entryId, database);
    expect(await database.outbox.get(outcome.entryId)).toMatchObject({ status: 'pending' });
  });

  it('answers queued at the deadline when the push does not finish, and the change waits on the device', async () => {
    const outcome = await submitChange(
      { intent: 'editUser', table: 'adminUsers', row: { ...user, name: 'Mwape C.' }, payload: {} },
      { database, sync: () => new Promise(() => {}), waitMs: 100 },
    );
    expect(outcome.status).toBe('queued');
    expect(await database.outbox.get(outcome.entryId)).toMatchObject({ status: 'pending' });
  });
});
