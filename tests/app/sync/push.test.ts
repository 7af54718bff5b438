import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NambalaDatabase, type OutboxEntry } from '../../../src/app/store/database';
import { mutate } from '../../../src/app/store/mutate';
import type { PushResult } from '../../../src/app/sync/push-transport';
import { oneByOne, pushOutbox } from '../../../src/app/sync/push';

const message = { name: 'Chanda', email: 'c@example.zm', subject: 'Hi', message: 'Hello' };

describe('pushOutbox', () => {
  let database: NambalaDatabase;
  beforeEach(async () => {
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
    for (const id of ['m1', 'm2', 'm3']) {
      await mutate(database, {
        intent: 'sendContactMessage',
        table: 'contactMessages',
        row: { id, ...message, createdAt: 1 },
        payload: { id },
      });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  });
  afterEach(async () => {
    await database.delete();
  });

  const answering = (answers: Record<string, PushResult>) => {
    const sent: string[] = [];
    const send = async (entry: OutboxEntry) => {
      sent.push(entry.rowId);
      return answers[entry.rowId] ?? { outcome: 'applied' as const };
    };
    return { sent, send };
  };

  it('sends in order and removes an entry only when the server confirmed it', async () => {
    const { sent, send } = answering({});
    const summary = await pushOutbox(database, oneByOne(send));
    expect(sent).toEqual(['m1', 'm2', 'm3']);
    expect(summary).toEqual({ applied: 3, rejected: 0 });
    expect(await database.outbox.count()).toBe(0);
    expect((await database.contactMessages.toArray()).map((row) => row.syncState)).toEqual([
      'synced',
      'synced',
      'synced',
    ]);
  });

  it('keeps a refused change with its reason and goes on with the ones behind it', async () => {
    const { sent, send } = answering({
      m2: { outcome: 'rejected', reason: 'Email is required', fields: { email: 'Email is required' } },
    });
    const summary = await pushOutbox(database, oneByOne(send));
    expect(sent).toEqual(['m1', 'm2', 'm3']);
    expect(summary).toEqual({ applied: 2, rejected: 1 });
    const [kept] = await database.outbox.toArray();
    expect(kept).toMatchObject({
      rowId: 'm2',
      status: 'rejected',
      rejection: 'Email is required',
      rejectionFields: { email: 'Email is required' },
    });
    expect((await database.contactMessages.get('m2'))?.syncState).toBe('rejected');
    // A refused change is not sent again by the next run.
    const again = answering({});
    await pushOutbox(database, oneByOne(again.send));
    expect(again.sent).toEqual([]);
  });

  it('stops at a network failure, keeps everything pending and resumes in order', async () => {
    const first = answering({ m2: { outcome: 'retry', reason: 'offline' } });
    const summary = await pushOutbox(database, oneByOne(first.send));
    expect(first.sent).toEqual(['m1', 'm2']);
    expect(summary).toEqual({ applied: 1, rejected: 0, retryReason: 'offline' });
    expect((await database.outbox.toArray()).map((entry) => [entry.rowId, entry.status, entry.attempts])).toEqual([
      ['m2', 'pending', 1],
      ['m3', 'pending', 0],
    ]);
    const second = answering({});
    await pushOutbox(database, oneByOne(second.send));
    expect(second.sent).toEqual(['m2', 'm3']);
    expect(await database.outbox.count()).toBe(0);
  });
});
