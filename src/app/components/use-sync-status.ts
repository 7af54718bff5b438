/**
 * The sync status a component shows, read live. A component names the fields it
 * shows and re-renders only when one of them changes: a first sync reports its
 * progress after every page it writes, and the header's connection status, the
 * sign-out button or a whole page that only shows whether sync is running should
 * not be drawn again for each of them.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { getSyncStatus, type SyncStatus, subscribeSyncStatus } from '../sync/sync-status';

export function useSyncStatus<Field extends keyof SyncStatus>(...fields: Field[]): Pick<SyncStatus, Field> {
  const key = fields.join(',');
  // The fields are named in the call, so their joined names say when they differ.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const snapshot = useMemo(() => statusFields(fields), [key]);
  return useSyncExternalStore(subscribeSyncStatus, snapshot, snapshot);
}

/**
 * A snapshot of some of the status's fields, for useSyncExternalStore: the same object
 * for as long as those fields keep their values, whatever else changes.
 */
export function statusFields<Field extends keyof SyncStatus>(fields: readonly Field[]): () => Pick<SyncStatus, Field> {
  let shown: Pick<SyncStatus, Field> | null = null;
  return () => {
    const status = getSyncStatus();
    const last = shown;
    if (last && fields.every((field) => Object.is(last[field], status[field]))) return last;
    const picked = {} as Pick<SyncStatus, Field>;
    for (const field of fields) picked[field] = status[field];
    shown = picked;
    return picked;
  };
}
