/**
 * "Edit and resubmit" from the Needs attention list opens the form the change came
 * from with `?fix=<outbox entry id>`. This reads that refused entry (if it is one
 * of this form's intent), so the form can start from what the user sent and show
 * why it was refused.
 */
import { useStoreQuery } from '../store/use-store-query';
import { useSearchParams } from 'react-router-dom';
import type { OutboxEntry } from '../store/database';

export function useRejectedEntry(intent: string): OutboxEntry | undefined {
  const [searchParams] = useSearchParams();
  const entryId = searchParams.get('fix');
  return useStoreQuery(
    async (db) => {
      if (!entryId) return undefined;
      const entry = await db.outbox.get(entryId);
      return entry && entry.intent === intent && entry.status === 'rejected' ? entry : undefined;
    },
    [entryId, intent],
  );
}
