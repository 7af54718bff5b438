/** Marking notifications read goes through the one write path, so it works with the network off. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markNotificationsRead, unreadLabel } from '../../../src/app/layout/notifications-button';
import { type LocalNotification, NambalaDatabase } from '../../../src/app/store/database';

const notice = (id: string, readAt: string | null = null): LocalNotification => ({
  id,
  kind: 'payment-received',
  title: `Payment PAY-00000${id} received`,
  body: 'We have received your payment.',
  link: `/dashboard/user/payments/${id}`,
  createdAt: '2026-11-24T08:00:00.000Z',
  readAt,
  syncState: 'synced',
});

describe('markNotificationsRead', () => {
  let database: NambalaDatabase;
  beforeEach(async () => {
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
    await database.notifications.bulkPut([notice('1'), notice('2'), notice('3', '2026-11-23T08:00:00.000Z')]);
  });
  afterEach(async () => {
    await database.delete();
  });

  it('marks one notification read on the device and queues it for the server', async () => {
    await markNotificationsRead(database, [notice('1')], '2026-11-24T09:00:00.000Z');
    expect(await database.notifications.get('1')).toMatchObject({
      readAt: '2026-11-24T09:00:00.000Z',
      syncState: 'pending',
    });
    expect(await database.notifications.get('2')).toMatchObject({ readAt: null, syncState: 'synced' });
    const outbox = await database.outbox.toArray();
    expect(outbox.map((entry) => [entry.intent, entry.rowId, entry.payload])).toEqual([
      ['markNotificationsRead', '1', { ids: ['1'] }],
    ]);
  });

  it('marks all unread ones read, leaving those already read alone', async () => {
    await markNotificationsRead(database, await database.notifications.toArray(), '2026-11-24T09:00:00.000Z');
    expect((await database.notifications.toArray()).filter((notification) => notification.readAt === null)).toEqual([]);
    expect(await database.notifications.get('3')).toMatchObject({
      readAt: '2026-11-23T08:00:00.000Z',
      syncState: 'synced',
    });
    expect((await database.outbox.toArray()).map((entry) => entry.rowId).sort()).toEqual(['1', '2']);
  });
});

describe('unreadLabel', () => {
  it('names the bell with the real unread count', () => {
    expect(unreadLabel(0)).toBe('Notifications, none unread');
    expect(unreadLabel(3)).toBe('Notifications, 3 unread');
  });
});
