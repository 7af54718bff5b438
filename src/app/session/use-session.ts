import { useEffect, useSyncExternalStore } from 'react';
import { getSession, refreshSession, type SessionState, subscribeSession } from './session-store';

const UNKNOWN: SessionState = { status: 'unknown' };

/** The signed-in user, checked with the server once per page load. */
export function useSession(): SessionState {
  const session = useSyncExternalStore(subscribeSession, getSession, () => UNKNOWN);
  useEffect(() => {
    void refreshSession();
  }, []);
  return session;
}
