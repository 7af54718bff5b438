/**
 * A change a person waits on (a form's Send or Save): written through the one write
 * path, then pushed at once, and answered with what became of it. Nothing the person
 * let go of is lost: if the server cannot be reached, the change waits on the device
 * and the sync engine sends it later.
 */
import { db, type NambalaDatabase } from '../store/database';
import { type Mutation, mutate } from '../store/mutate';
import type { PushSummary } from './push';
import { syncNow } from './sync-engine';

export type SubmitOutcome =
  /** The server has applied it. */
  | { status: 'sent'; entryId: string }
  /** Saved on this device; the sync engine sends it when the server can be reached. */
  | { status: 'queued'; entryId: string }
  /** The server refused it; the entry stays on the device, marked rejected, until replaced or discarded. */
  | { status: 'rejected'; entryId: string; reason: string; fields: Record<string, string> };

export interface SubmitDependencies {
  database: NambalaDatabase;
  sync: () => Promise<PushSummary | undefined>;
}

const defaults: SubmitDependencies = { database: db, sync: syncNow };

export async function submitChange<Row extends { id: string }>(mutation: Mutation<Row>, dependencies: Partial<SubmitDependencies> = {}): Promise<SubmitOutcome> {
  const { database, sync } = { ...defaults, ...dependencies };
  const entry = await mutate(database, mutation);
  const summary = await sync();
  let stored = await database.outbox.get(entry.id);
  // A sync that was already running when we wrote may have missed the new entry; a clean
  // run that left it pending means exactly that, so one more run picks it up.
  if (stored?.status === 'pending' && summary && !summary.retryReason) {
    await sync();
    stored = await database.outbox.get(entry.id);
  }
  if (!stored) return { status: 'sent', entryId: entry.id };
  if (stored.status === 'rejected') {
    return { status: 'rejected', entryId: entry.id, reason: stored.rejection ?? 'The server did not accept this change.', fields: stored.rejectionFields ?? {} };
  }
  return { status: 'queued', entryId: entry.id };
}

/**
 * Drops a refused change. The local row goes too when no other change to it is
 * waiting: a row made on this device disappears, and a copy of a server row is
 * brought back by the next pull.
 */
export async function discardRejected(entryId: string, database: NambalaDatabase = db): Promise<void> {
  const entry = await database.outbox.get(entryId);
  if (!entry || entry.status !== 'rejected') return;
  await database.transaction('rw', database.outbox, database.table(entry.table), async () => {
    await database.outbox.delete(entryId);
    const others = await database.outbox.filter((other) => other.table === entry.table && other.rowId === entry.rowId).count();
    if (others === 0) await database.table(entry.table).delete(entry.rowId);
  });
}
