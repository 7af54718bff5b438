/**
 * The signed-in buyer's own live reservations, read from the server. The device's listings say
 * only "Reserved"; this tells the marketplace which of those the buyer holds, so they can still
 * open the plate and buy it with the fee deducted.
 */
import { useEffect, useSyncExternalStore } from 'react';

const EMPTY: ReadonlyMap<string, string | null> = new Map();
let mine: ReadonlyMap<string, string | null> = EMPTY;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads the buyer's reservations (after a payment is approved, on sign-in); keeps the last copy offline. */
export async function refreshMyReservations(isSignedIn: boolean): Promise<void> {
  // The checkout's calls load only for a signed-in buyer: a visitor's first load goes without them.
  // Offline before they were ever fetched, the last copy is kept, as when the server cannot be reached.
  const api = isSignedIn ? await import('./checkout-api').catch(() => null) : null;
  if (isSignedIn && api === null) return;
  const next = api ? await api.fetchMyReservations() : EMPTY;
  if (next === null) return;
  mine = next;
  for (const listener of listeners) listener();
}

/** Listing id → the end of the buyer's reservation (ISO), for the buyer's own live reservations. */
export function useMyReservations(isSignedIn: boolean): ReadonlyMap<string, string | null> {
  useEffect(() => {
    void refreshMyReservations(isSignedIn);
  }, [isSignedIn]);
  return useSyncExternalStore(
    subscribe,
    () => mine,
    () => EMPTY,
  );
}
