import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NambalaDatabase } from '../../../src/app/store/database';
import { mutate } from '../../../src/app/store/mutate';
import { CHANGE_CURSOR_KEY, pullChanges } from '../../../src/app/sync/pull';

const entry = (id: string, owner: string) => ({
  id,
  plateNumber: 'ZM-101-ABC',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  vehicleColour: 'White',
  vehicleYear: 2019,
  chassisNumber: 'JTDBR32E720123456',
  ownerName: owner,
  ownerNrc: '123456/78/9',
  saleDate: '2026-11-20',
  registrationNumber: 'BAK 1',
  entitlementReference: 'ORD-001',
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** A server answering pull pages in turn, recording the cursors it was asked for. */
function pages(...answers: Array<Record<string, unknown>>) {
  const asked: Array<string | null> = [];
  let index = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(new URL(path, 'http://device').searchParams.get('cursor'));
      const body = answers[Math.min(index, answers.length - 1)];
      index += 1;
      return new Response(JSON.stringify({ remaining: 0, reset: false, scopes: [], ...body }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

describe('pullChanges', () => {
  let database: NambalaDatabase;
  beforeEach(() => {
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await database.delete();
  });

  it('follows the pages, storing each page with the cursor after it', async () => {
    const asked = pages(
      {
        changes: [{ entity: 'whitebookEntry', id: 'a', op: 'put', data: entry('a', 'One') }],
        cursor: 'k.10:1',
        hasMore: true,
        reset: true,
      },
      {
        changes: [{ entity: 'agentOrder', id: 'ORD-001', op: 'put', data: { id: 'ORD-001', status: 'Pending' } }],
        cursor: 'k.12:0',
        hasMore: false,
      },
    );
    expect(await pullChanges(database)).toBe(2);
    expect(asked).toEqual([null, 'k.10:1']);
    expect(await database.whitebookEntries.get('a')).toMatchObject({ ownerName: 'One', syncState: 'synced' });
    expect(await database.agentOrders.get('ORD-001')).toMatchObject({ status: 'Pending' });
    expect((await database.meta.get(CHANGE_CURSOR_KEY))?.value).toBe('k.12:0');
  });

  it('applies deletions and skips entities this app does not keep', async () => {
    await database.whitebookEntries.put({ ...entry('gone', 'Old'), syncState: 'synced' });
    pages({
      changes: [
        { entity: 'whitebookEntry', id: 'gone', op: 'delete', data: null },
        { entity: 'somethingNew', id: 'x', op: 'put', data: { id: 'x' } },
      ],
      cursor: 'k.5:0',
      hasMore: false,
    });
    await pullChanges(database);
    expect(await database.whitebookEntries.count()).toBe(0);
  });

  it('keeps the device’s version of a row whose change is still waiting', async () => {
    await mutate(database, {
      intent: 'recordWhitebookEntry',
      table: 'whitebookEntries',
      row: entry('mine', 'Typed here'),
      payload: {},
    });
    pages({
      changes: [{ entity: 'whitebookEntry', id: 'mine', op: 'put', data: entry('mine', 'Server copy') }],
      cursor: 'k.5:0',
      hasMore: false,
    });
    await pullChanges(database);
    expect(await database.whitebookEntries.get('mine')).toMatchObject({
      ownerName: 'Typed here',
      syncState: 'pending',
    });
  });

  it('on reset, deletes what the change log filled (a scope lost) but not rows with waiting changes', async () => {
    await database.agentOrders.put({
      id: 'ORD-009',
      agentId: 'USR-003',
      customerName: 'C',
      nrcCheck: null,
      customerPhone: '+260971234567',
      plateNumber: 'ZM-1',
      plateType: 'Private',
      vehicle: 'V',
      status: 'Pending',
      collectionDate: '2026-11-25',
      createdAt: '2026-11-20T00:00:00.000Z',
      syncState: 'synced',
    });
    await mutate(database, {
      intent: 'recordWhitebookEntry',
      table: 'whitebookEntries',
      row: entry('unsent', 'Still mine'),
      payload: {},
    });
    pages({ changes: [], cursor: 'other.1:0', hasMore: false, reset: true });
    await pullChanges(database);
    expect(await database.agentOrders.count()).toBe(0);
    expect(await database.whitebookEntries.get('unsent')).toBeDefined();
  });

  it('reports progress on a long pull and clears it at the end', async () => {
    pages(
      {
        changes: [{ entity: 'whitebookEntry', id: 'a', op: 'put', data: entry('a', 'One') }],
        cursor: 'k.1:1',
        hasMore: true,
        remaining: 1500,
      },
      { changes: [], cursor: 'k.2:0', hasMore: false },
    );
    const progress: Array<{ received: number; total: number } | null> = [];
    await pullChanges(database, (value) => progress.push(value));
    expect(progress).toEqual([{ received: 1, total: 1501 }, { received: 1, total: 1501 }, null]);
  });
});
