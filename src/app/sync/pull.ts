/**
 * Pulls server data the device keeps for offline reading. Each pull replaces the
 * local copy in one transaction, so a reader never sees half an update; a row with
 * a change still waiting in the outbox keeps the device's version until the server
 * has answered for it.
 * (These copies are small; per-user change-log pulls replace them as data grows.)
 */
import type { PlateListing } from '#domain/marketplace/listing';
import type { LocalNotification, LocalUser, NambalaDatabase } from '../store/database';
import type { SessionUser } from '../session/session-store';
import { apiRequest } from './api-client';

type MirrorTable = 'listings' | 'adminUsers' | 'notifications';

/** Thrown when the server says the session has ended, so the engine can ask who is signed in. */
export class SignedOutError extends Error {
  constructor() {
    super('signed out');
    this.name = 'SignedOutError';
  }
}

async function replaceMirror<Row extends { id: string }>(database: NambalaDatabase, tableName: MirrorTable, rows: readonly Row[], pulledAtKey: string): Promise<void> {
  const table = database.table<Row, string>(tableName);
  await database.transaction('rw', table, database.outbox, database.meta, async () => {
    const waiting = new Set((await database.outbox.filter((entry) => entry.table === tableName).toArray()).map((entry) => entry.rowId));
    const incoming = new Set(rows.map((row) => row.id));
    const gone = (await table.toCollection().primaryKeys()).filter((id) => !incoming.has(id) && !waiting.has(id));
    await table.bulkDelete(gone);
    await table.bulkPut(rows.filter((row) => !waiting.has(row.id)).map((row) => ({ ...row, syncState: 'synced' })));
    await database.meta.put({ key: pulledAtKey, value: Date.now() });
  });
}

async function getJson<T>(path: string): Promise<T> {
  const result = await apiRequest<T>('GET', path);
  if (result.status === 401) throw new SignedOutError();
  if (!result.ok) throw new Error(`${path} answered ${result.status}`);
  return result.body;
}

export async function pullListings(database: NambalaDatabase): Promise<number> {
  const { listings } = await getJson<{ listings: PlateListing[] }>('/api/listings');
  await replaceMirror(database, 'listings', listings, 'listingsPulledAt');
  return listings.length;
}

/** What the signed-in user's roles let them keep: their notifications, and for an administrator the accounts. */
export async function pullAccountData(database: NambalaDatabase, user: SessionUser): Promise<void> {
  const { notifications } = await getJson<{ notifications: LocalNotification[] }>('/api/notifications');
  await replaceMirror(database, 'notifications', notifications, 'notificationsPulledAt');
  if (user.roles.includes('admin')) {
    const { users } = await getJson<{ users: LocalUser[] }>('/api/admin/users');
    await replaceMirror(database, 'adminUsers', users, 'adminUsersPulledAt');
  }
}
