/**
 * A change a person waits on (a form's Send or Save): written through the one write
 * path, then pushed at once, and answered with what became of it. Nothing the person
 * let go of is lost: if the server cannot be reached, the change waits on the device
 * and the sync engine sends it later.
 */
import { db, type NambalaDatabase } from '../store/database';
import { type Mutation, mutate } from '../store/mutate';
import type { PushSummary } from './push';
import { pushNow } from './sync-engine';

export type SubmitOutcome =
  /** The server has applied it. */
  | { status: 'sent'; entryId: string }
  /** Saved on this device; the sync engine sends it when the server can be reached. */
  | { status: 'queued'; entryId: string }
  /** The server refused it; the entry stays on the device, marked rejected, until replaced or discarded. */
  | { status: 'rejected'; entryId: string; reason: string; fields: Record<string, string> };

export interface SubmitDependencies {
  database: NambalaDatabase;
  /** Pushes the outbox in a push that starts after the call, and resolves with what it did. */
  sync: () => Promise<PushSummary | undefined>;
  /** How long the person waits for the push before hearing the change is saved on the device. */
  waitMs: number;
}

/** How long a form waits for its change to be pushed before saying it is saved on the device. */
const SYNC_WAIT_MS = 8000;

const defaults: SubmitDependencies = { database: db, sync: pushNow, waitMs: SYNC_WAIT_MS };

export async function submitChange<Row extends { id: string }>(
  mutation: Mutation<Row>,
  dependencies: Partial<SubmitDependencies> = {},
): Promise<SubmitOutcome> {
  const { database, sync, waitMs } = { ...defaults, ...dependencies };
  const entry = await mutate(database, mutation);
  // Offline, the change waits on the device: say so at once. Online, wait for the push,
  // but not for ever: a slow or stalled sync must not hold the person's form.
  // Starting the sync also starts the engine, which counts what waits and sends it later.
  const syncing = sync();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { status: 'queued', entryId: entry.id };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const summary = await Promise.race([
    syncing,
    new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), waitMs))),
  ]).finally(() => clearTimeout(timer));
  if (summary === 'slow') return { status: 'queued', entryId: entry.id };
  const stored = await database.outbox.get(entry.id);
  if (!stored) return { status: 'sent', entryId: entry.id };
  if (stored.status === 'rejected') {
    return {
      status: 'rejected',
      entryId: entry.id,
      reason: stored.rejection ?? 'The server did not accept this change.',
      fields: stored.rejectionFields ?? {},
    };
  }
  return { status: 'queued', entryId: entry.id };
}

/**
 * Drops a refused change and undoes it on the device: the row goes back to what it
 * was before the change, or goes away if the change made it. When later changes to
 * the same row are still waiting, the row is left as they made it.
 */
export async function discardRejected(entryId: string, database: NambalaDatabase = db): Promise<void> {
  const entry = await database.outbox.get(entryId);
  if (!entry || entry.status !== 'rejected') return;
  const table = database.table(entry.table);
  await database.transaction('rw', database.outbox, table, async () => {
    await database.outbox.delete(entryId);
    const others = await database.outbox
      .filter((other) => other.table === entry.table && other.rowId === entry.rowId)
      .count();
    if (others > 0) return;
    if (entry.before === undefined) await table.delete(entry.rowId);
    else await table.put(entry.before);
  });
}
