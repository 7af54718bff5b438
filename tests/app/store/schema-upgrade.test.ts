import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { NambalaDatabase } from '../../../src/app/store/database';

/**
 * The schema as each release declared it, version by version: the app now declares only the
 * whole of it (version 10), and Dexie adds to a device's installed schema what is missing.
 */
const RELEASED: Array<Record<string, string>> = [
  {
    outbox: 'id, status, createdAt',
    contactMessages: 'id, createdAt, syncState',
    meta: 'key',
    listings: 'id, number, status',
    favourites: 'listingId',
  },
  { adminUsers: 'id, status, userType', notifications: 'id, createdAt', profiles: 'id' },
  {
    agentOrders: 'id, status, createdAt',
    whitebookEntries: 'id, saleDate, createdAt',
    manufacturingRecords: 'id, createdAt',
    inventoryItems: 'id, receivedDate, createdAt',
  },
  {
    policeChecks: 'id, checkedAt',
    plateFlags: 'id, status, createdAt',
    trustKeys: 'keyId',
    revocations: 'plateNumber',
    registryBuckets: 'bucket',
  },
  {
    ownedPlates: 'id, stage, heldAt',
    vehicles: 'id, plateNumber, updatedAt',
    drivers: 'id, name',
    plateTransfers: 'id, status, createdAt',
    myOrders: 'id, createdAt',
    myPayments: 'id, createdAt',
  },
  {
    insuranceCustomers: 'id, name, updatedAt',
    insurancePolicies: 'id, plateNumber, customerId, createdAt',
  },
  { inventoryAllocations: 'id, shopId, plateType, createdAt', settings: 'id' },
  { insuranceClaims: 'id, status, createdAt', claimPhotoFiles: 'id, claimId, state' },
  { integrityAlerts: 'id, status, createdAt' },
  { spoiledBlanks: 'id, serial, recordedAt' },
];

/** The object stores a device's IndexedDB holds, each with its key path and index names, read without Dexie. */
async function installedSchema(name: string): Promise<Record<string, { keyPath: unknown; indexes: string[] }>> {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    const names = [...database.objectStoreNames];
    const transaction = database.transaction(names, 'readonly');
    return Object.fromEntries(
      names.map((store) => {
        const objectStore = transaction.objectStore(store);
        return [store, { keyPath: objectStore.keyPath, indexes: [...objectStore.indexNames].sort() }];
      }),
    );
  } finally {
    database.close();
  }
}

describe('schema upgrades', () => {
  it.each([1, 3, 9, 10])(
    'give a device installed at version %i every table and index of the whole schema, its rows kept',
    async (installed) => {
      const name = `upgrade-${crypto.randomUUID()}`;
      const device = new Dexie(name);
      RELEASED.slice(0, installed).forEach((tables, index) => device.version(index + 1).stores(tables));
      await device.table('meta').put({ key: 'pulledAt', value: 42 });
      device.close();

      const upgraded = new NambalaDatabase(name);
      try {
        expect(await upgraded.meta.get('pulledAt')).toEqual({ key: 'pulledAt', value: 42 });
        upgraded.close();
        const declared = Object.fromEntries(
          upgraded.tables.map((table) => [
            table.name,
            { keyPath: table.schema.primKey.keyPath, indexes: table.schema.indexes.map((index) => index.name).sort() },
          ]),
        );
        expect(Object.keys(declared).sort()).toEqual(RELEASED.flatMap((tables) => Object.keys(tables)).sort());
        expect(await installedSchema(name)).toEqual(declared);
      } finally {
        await upgraded.delete();
      }
    },
  );

  it('keep changes waiting in the outbox of a device still on the first version', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    // The device as the first release left it: version 1 of the schema, one message unsent.
    const first = new Dexie(name);
    first.version(1).stores({
      outbox: 'id, status, createdAt',
      contactMessages: 'id, createdAt, syncState',
      meta: 'key',
      listings: 'id, number, status',
      favourites: 'listingId',
    });
    const entry = {
      id: '0190f5d2-0000-7000-8000-00000000000a',
      intent: 'sendContactMessage',
      payload: { id: 'm1' },
      table: 'contactMessages',
      rowId: 'm1',
      createdAt: 1,
      status: 'pending',
      attempts: 2,
    };
    await first.table('outbox').add(entry);
    await first.table('contactMessages').add({
      id: 'm1',
      name: 'Chanda',
      email: 'c@example.zm',
      subject: 'Hi',
      message: 'Hello',
      createdAt: 1,
      syncState: 'pending',
    });
    first.close();

    const upgraded = new NambalaDatabase(name);
    try {
      expect(await upgraded.outbox.toArray()).toEqual([entry]);
      expect(await upgraded.contactMessages.get('m1')).toMatchObject({ syncState: 'pending' });
      // The tables later versions added are there and empty.
      expect(await upgraded.whitebookEntries.count()).toBe(0);
      expect(await upgraded.registryBuckets.count()).toBe(0);
      expect(await upgraded.policeChecks.count()).toBe(0);
      expect(upgraded.verno).toBeGreaterThanOrEqual(4);
    } finally {
      await upgraded.delete();
    }
  });

  it('keep an agent’s unsent whitebook entry when version 3 becomes version 4', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const third = new Dexie(name);
    third.version(1).stores({
      outbox: 'id, status, createdAt',
      contactMessages: 'id, createdAt, syncState',
      meta: 'key',
      listings: 'id, number, status',
      favourites: 'listingId',
    });
    third.version(2).stores({ adminUsers: 'id, status, userType', notifications: 'id, createdAt', profiles: 'id' });
    third.version(3).stores({
      agentOrders: 'id, status, createdAt',
      whitebookEntries: 'id, saleDate, createdAt',
      manufacturingRecords: 'id, createdAt',
      inventoryItems: 'id, receivedDate, createdAt',
    });
    const entry = {
      id: '0190f5d2-0000-7000-8000-00000000000b',
      intent: 'recordWhitebookEntry',
      payload: { id: 'w1' },
      table: 'whitebookEntries',
      rowId: 'w1',
      createdAt: 1,
      status: 'pending',
      attempts: 0,
    };
    await third.table('outbox').add(entry);
    await third.table('whitebookEntries').add({
      id: 'w1',
      plateNumber: 'ZM-101-ABC',
      saleDate: '2026-11-20',
      createdAt: '2026-11-20T10:00:00Z',
      syncState: 'pending',
    });
    third.close();

    const upgraded = new NambalaDatabase(name);
    try {
      expect(await upgraded.outbox.toArray()).toEqual([entry]);
      expect(await upgraded.whitebookEntries.get('w1')).toMatchObject({ syncState: 'pending' });
      expect(await upgraded.trustKeys.count()).toBe(0);
    } finally {
      await upgraded.delete();
    }
  });
});
