import { useSyncExternalStore } from 'react';
import { getSyncStatus, type SyncStatus, subscribeSyncStatus } from '../sync/sync-engine';

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}
