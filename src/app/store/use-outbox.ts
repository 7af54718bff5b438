import { useLiveQuery } from 'dexie-react-hooks';
import { db } from './database';

export interface OutboxSummary {
  pending: number;
  rejected: number;
}

/** Live counts of changes waiting on this device; re-renders as they change. */
export function useOutboxSummary(): OutboxSummary {
  return (
    useLiveQuery(async () => ({
      pending: await db.outbox.where('status').equals('pending').count(),
      rejected: await db.outbox.where('status').equals('rejected').count(),
    })) ?? { pending: 0, rejected: 0 }
  );
}

export function useOutboxEntry(id: string | undefined) {
  return useLiveQuery(() => (id ? db.outbox.get(id) : undefined), [id]);
}
