import { useSyncExternalStore } from 'react';
import { getSyncStatus, type SyncStatus, subscribeSyncStatus } from '../sync/sync-status';

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}
