import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NambalaDatabase } from '../../../src/app/store/database';
import { mutate } from '../../../src/app/store/mutate';

const message = { name: 'Chanda', email: 'c@example.zm', subject: 'Hi', message: 'Hello' };

describe('mutate', () => {
  let database: NambalaDatabase;
  beforeEach(() => {
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
  });
  afterEach(async () => {
    await database.delete();
  });

  it('writes the row and its outbox entry together', async () => {
    const entry = await mutate(database, {
      intent: 'sendContactMessage',
      table: 'contactMessages',
      row: { id: 'm1', ...message, createdAt: 1 },
      payload: { id: 'm1', ...message },
    });
    expect(await database.contactMessages.get('m1')).toMatchObject({ syncState: 'pending', name: 'Chanda' });
    expect(await database.outbox.get(entry.id)).toMatchObject({
      intent: 'sendContactMessage',
      rowId: 'm1',
      status: 'pending',
    });
  });

  it('writes neither the row nor the entry when the row cannot be stored', async () => {
    // A row without its primary key fails inside the transaction; the outbox entry must roll back with it.
    const broken = { id: undefined as unknown as string, ...message, createdAt: 1 };
    await expect(
      mutate(database, { intent: 'sendContactMessage', table: 'contactMessages', row: broken, payload: {} }),
    ).rejects.toThrow();
    expect(await database.outbox.count()).toBe(0);
    expect(await database.contactMessages.count()).toBe(0);
  });

  it('gives each entry a time-ordered UUIDv7 id', async () => {
    const a = await mutate(database, {
      intent: 'x',
      table: 'contactMessages',
      row: { id: 'a', ...message, createdAt: 1 },
      payload: {},
    });
    await new Promise((resolve) => setTimeout(resolve, 2));
    const b = await mutate(database, {
      intent: 'x',
      table: 'contactMessages',
      row: { id: 'b', ...message, createdAt: 2 },
      payload: {},
    });
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(a.id < b.id).toBe(true);
  });
});
