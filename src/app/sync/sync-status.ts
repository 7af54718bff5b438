/**
 * What the header shows about sync, as a tiny store with no dependency on the
 * local database: public pages can show it without loading IndexedDB code. The
 * sync engine fills it in once it runs.
 */
/** Said of a change kept on this device until the server can be reached. */
export const SAVED_FOR_LATER = "Saved on this device — it will be sent when you're back online.";

export interface SyncStatus {
  isSyncing: boolean;
  lastSyncedAt: number | null;
  lastError: string | null;
  /** Changes saved on this device and not yet confirmed by the server. */
  pending: number;
  /** Changes the server refused, kept for the user to fix or discard. */
  rejected: number;
  /** While a long pull runs (a first sync): changes received and the total expected. */
  pullProgress: { received: number; total: number } | null;
  /** While the verification registry is copied onto the device: buckets stored and to store. */
  registryProgress: { buckets: number; totalBuckets: number } | null;
}

/** Set while the device holds unconfirmed changes, so the next start loads the engine at once. */
export const OUTBOX_HINT_KEY = 'nambala.outbox-not-empty';

let status: SyncStatus = {
  isSyncing: false,
  lastSyncedAt: null,
  lastError: null,
  pending: 0,
  rejected: 0,
  pullProgress: null,
  registryProgress: null,
};
const listeners = new Set<() => void>();

export function getSyncStatus(): SyncStatus {
  return status;
}

export function setSyncStatus(next: Partial<SyncStatus>): void {
  status = { ...status, ...next };
  for (const listener of listeners) listener();
}

export function subscribeSyncStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outboxMayHaveChanges(): boolean {
  try {
    return localStorage.getItem(OUTBOX_HINT_KEY) !== null;
  } catch {
    return true; // storage unavailable: assume there is something to sync
  }
}
