import { useSyncExternalStore } from 'react';
import { isOnline, subscribeOnline } from '../api/reachability';

/** Whether the server can be reached, as far as the browser and the app's last requests know (reachability.ts). */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
