/**
 * Marketplace reads: listings and favourites from the device's store, live. The store
 * and sync engine load after the page has hydrated (decision 017): a first visit's
 * listings arrive with the first sync anyway.
 */
import type { PlateListing } from '#domain/marketplace/listing';
import { effectiveStatus } from '#domain/purchases/reservation';
import { useEffect } from 'react';
import { getSession } from '../../session/session-store';
import { loadStore } from '../../store/load-store';
import { useStoreQuery } from '../../store/use-store-query';
import { startSyncLazily } from '../../sync/start-sync-lazily';

/**
 * A listing's status now. The server sends the status at the time of the pull, with the
 * instant a reservation ends; offline, a reservation that has since run out reads
 * Available here too (no timer: the status follows from the time it is read).
 */
export function statusNow(listing: PlateListing & { reservedUntil?: string | null }, now: Date): PlateListing {
  const status = effectiveStatus(
    { status: listing.status, reservedBy: null, reservedUntil: listing.reservedUntil ?? null },
    now,
  );
  return status === listing.status ? listing : { ...listing, status };
}

export function useListings(): PlateListing[] | undefined {
  // Opening the marketplace starts sync, which keeps the device's copy fresh.
  useEffect(startSyncLazily, []);
  return useStoreQuery(async (db) => {
    const now = new Date();
    return (await db.listings.toArray()).map((listing) => statusNow(listing, now));
  });
}

/** When the listings were last brought from the server to this device (null: never; undefined while read). */
export function useListingsPulledAt(): number | null | undefined {
  return useStoreQuery(async (db) => {
    const entry = await db.meta.get('listingsPulledAt');
    return typeof entry?.value === 'number' ? entry.value : null;
  });
}

export function useFavouriteIds(): Set<string> {
  const ids = useStoreQuery(async (db) =>
    (await db.favourites.toArray()).filter((favourite) => !favourite.removed).map((favourite) => favourite.listingId),
  );
  return new Set(ids ?? []);
}

/** A signed-in buyer's favourites sync to their account; a visitor's stay on this device. */
export async function toggleFavourite(listingId: string): Promise<void> {
  const [{ db }, { setFavourite }] = await Promise.all([loadStore(), import('../../sync/favourites')]);
  const current = await db.favourites.get(listingId);
  await setFavourite(db, listingId, !current || current.removed === true, getSession().status === 'signed-in');
}
