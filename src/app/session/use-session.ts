import { useEffect, useSyncExternalStore } from 'react';
import { getSession, refreshSession, type SessionState, subscribeSession, UNKNOWN_SESSION } from './session-store';

/**
 * The device's idea of who is signed in, without asking the server. A prerendered page
 * is a visitor's: it hydrates with the unknown session, and the device's takes over
 * once the app runs.
 */
export function useDeviceSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, () => UNKNOWN_SESSION);
}

/** The signed-in user, checked with the server once per page load. */
export function useSession(): SessionState {
  const session = useDeviceSession();
  useEffect(() => {
    void refreshSession();
  }, []);
  return session;
}
