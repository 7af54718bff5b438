/**
 * The outbox's one write path (the app's other is runCommand, for what the server must
 * answer now): a local row and its outbox entry are written in one Dexie transaction,
 * so a change is either fully recorded on the device or not at all.
 */
import type { LocalTableName, NambalaDatabase, OutboxEntry } from './database';
import { newId } from './new-id';

export interface Mutation<Row extends { id: string }> {
  intent: string;
  table: LocalTableName;
  row: Row;
  payload: unknown;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** The sync engine listens here to push soon after a local write. */
export function onLocalWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function mutate<Row extends { id: string }>(
  database: NambalaDatabase,
  mutation: Mutation<Row>,
): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    id: newId(),
    intent: mutation.intent,
    payload: mutation.payload,
    table: mutation.table,
    rowId: mutation.row.id,
    createdAt: Date.now(),
    status: 'pending',
    attempts: 0,
  };
  await database.transaction('rw', database.table(mutation.table), database.outbox, async () => {
    const before: unknown = await database.table(mutation.table).get(mutation.row.id);
    await database.table(mutation.table).put({ ...mutation.row, syncState: 'pending' });
    await database.outbox.add(before === undefined ? entry : { ...entry, before });
  });
  for (const listener of listeners) listener();
  return entry;
}
