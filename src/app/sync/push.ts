/**
 * Pushes the outbox in order. An entry leaves the device only when the server has
 * confirmed it; a refused entry stays, with its reason, for the user to fix or
 * discard, and does not block the entries behind it. A network failure stops the
 * run so that order is kept, and the next run starts where this one stopped.
 */
import type { NambalaDatabase, OutboxEntry } from '../store/database';
import type { PushResult } from './intents';

export interface PushSummary {
  applied: number;
  rejected: number;
  /** Set when the run stopped early and should be retried later. */
  retryReason?: string;
}

export async function pushOutbox(database: NambalaDatabase, send: (entry: OutboxEntry) => Promise<PushResult>): Promise<PushSummary> {
  const summary: PushSummary = { applied: 0, rejected: 0 };
  const pending = await database.outbox.where('status').equals('pending').sortBy('id');
  for (const entry of pending) {
    const result = await send(entry);
    if (result.outcome === 'retry') {
      await database.outbox.update(entry.id, { attempts: entry.attempts + 1 });
      summary.retryReason = result.reason;
      return summary;
    }
    await database.transaction('rw', database.outbox, database.table(entry.table), async () => {
      if (result.outcome === 'applied') {
        await database.outbox.delete(entry.id);
        const stillPending = await database.outbox.filter((other) => other.table === entry.table && other.rowId === entry.rowId).count();
        if (stillPending === 0) await database.table(entry.table).update(entry.rowId, { syncState: 'synced' });
      } else {
        await database.outbox.update(entry.id, {
          status: 'rejected',
          attempts: entry.attempts + 1,
          rejection: result.reason,
          ...(result.fields ? { rejectionFields: result.fields } : {}),
        });
        await database.table(entry.table).update(entry.rowId, { syncState: 'rejected' });
      }
    });
    if (result.outcome === 'applied') summary.applied += 1;
    else summary.rejected += 1;
  }
  return summary;
}
