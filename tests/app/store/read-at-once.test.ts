import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NambalaDatabase } from '../../../src/app/store/database';
import { readAtOnce } from '../../../src/app/store/read-at-once';

describe('readAtOnce', () => {
  let database: NambalaDatabase;
  beforeEach(async () => {
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
    await database.meta.bulkPut([
      { key: 'a', value: 1 },
      { key: 'b', value: 2 },
    ]);
    await database.revocations.bulkPut([
      { plateNumber: 'ZM-001-ABC', status: 'Revoked', at: '2026-11-01T00:00:00.000Z' },
      { plateNumber: 'ZM-002-ABC', status: 'Stolen', at: '2026-11-02T00:00:00.000Z' },
    ]);
  });
  afterEach(() => database.delete());

  it('answers each read in the order asked, across tables, with undefined for a missing key', async () => {
    const answers = await readAtOnce(database, [
      { table: 'meta', key: 'b' },
      { table: 'revocations', key: 'ZM-002-ABC' },
      { table: 'meta', key: 'missing' },
      { table: 'revocations', all: true },
      { table: 'meta', key: 'a' },
    ]);
    expect(answers).toEqual([
      { key: 'b', value: 2 },
      { plateNumber: 'ZM-002-ABC', status: 'Stolen', at: '2026-11-02T00:00:00.000Z' },
      undefined,
      [
        { plateNumber: 'ZM-001-ABC', status: 'Revoked', at: '2026-11-01T00:00:00.000Z' },
        { plateNumber: 'ZM-002-ABC', status: 'Stolen', at: '2026-11-02T00:00:00.000Z' },
      ],
      { key: 'a', value: 1 },
    ]);
  });

  it('opens a closed store first, and answers no reads with nothing', async () => {
    database.close({ disableAutoOpen: false });
    expect(await readAtOnce(database, [{ table: 'meta', key: 'a' }])).toEqual([{ key: 'a', value: 1 }]);
    expect(await readAtOnce(database, [])).toEqual([]);
  });

  it('rejects a read of a table the store does not have, rather than never answering', async () => {
    await expect(readAtOnce(database, [{ table: 'nope', key: 'a' }])).rejects.toThrow();
  });

  it('waits for a store still being created instead of failing ("a version change transaction is running")', async () => {
    const fresh = new NambalaDatabase(`test-${crypto.randomUUID()}`);
    try {
      const opening = fresh.open();
      // Dexie holds the connection from the moment the upgrade starts.
      await new Promise<void>((resolve) => {
        const check = () => (fresh.isOpen() ? resolve() : setTimeout(check, 0));
        check();
      });
      await expect(readAtOnce(fresh, [{ table: 'meta', key: 'a' }])).resolves.toEqual([undefined]);
      await opening;
    } finally {
      await fresh.delete();
    }
  });
});
