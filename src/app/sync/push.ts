/**
 * Pushes the outbox in order, in batches. An entry leaves the device only when the server has
 * confirmed it; a refused entry stays, with its reason, for the user to fix or
 * discard, and does not block the entries behind it. A network failure stops the
 * run so that order is kept, and the next run starts where this one stopped.
 */
import type { NambalaDatabase, OutboxEntry } from '../store/database';
import type { PushResult } from './push-transport';

export interface PushSummary {
  applied: number;
  rejected: number;
  /** Set when the run stopped early and should be retried later. */
  retryReason?: string;
}

/** Sends a batch of entries, in order; answers one result per entry (all 'retry' when the batch did not get through). */
export type BatchSender = (entries: OutboxEntry[]) => Promise<PushResult[]>;

/** At most this many entries per request (the server's limit is 50). */
export const PUSH_BATCH_SIZE = 50;

/** A batch sender from a one-entry sender: sends each in turn and stops at the first that must wait. */
export function oneByOne(send: (entry: OutboxEntry) => Promise<PushResult>): BatchSender {
  return async (entries) => {
    const results: PushResult[] = [];
    for (const entry of entries) {
      const result = await send(entry);
      results.push(result);
      if (result.outcome === 'retry') break;
    }
    return results;
  };
}

export async function pushOutbox(
  database: NambalaDatabase,
  send: BatchSender,
  batchSize = PUSH_BATCH_SIZE,
): Promise<PushSummary> {
  const summary: PushSummary = { applied: 0, rejected: 0 };
  const pending = await database.outbox.where('status').equals('pending').sortBy('id');
  for (let start = 0; start < pending.length; start += batchSize) {
    const batch = pending.slice(start, start + batchSize);
    const results = await send(batch);
    for (const [index, entry] of batch.entries()) {
      const result: PushResult = results[index] ?? {
        outcome: 'retry',
        reason: 'The server did not answer for this change.',
      };
      if (result.outcome === 'retry') {
        await database.outbox.update(entry.id, { attempts: entry.attempts + 1 });
        summary.retryReason = result.reason;
        return summary;
      }
      await database.transaction('rw', database.outbox, database.table(entry.table), async () => {
        if (result.outcome === 'applied') {
          await database.outbox.delete(entry.id);
          const stillPending = await database.outbox
            .filter((other) => other.table === entry.table && other.rowId === entry.rowId)
            .count();
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
  }
  return summary;
}
