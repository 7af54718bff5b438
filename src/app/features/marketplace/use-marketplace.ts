/** Marketplace reads: listings and favourites from the device's store, live. */
import type { PlateListing } from '#domain/marketplace/listing';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { startSync } from '../../sync/sync-engine';
import { db } from '../../store/database';

export function useListings(): PlateListing[] | undefined {
  // Opening the marketplace starts sync, which keeps the device's copy fresh.
  useEffect(() => startSync(), []);
  return useLiveQuery(() => db.listings.toArray());
}

export function useFavouriteIds(): Set<string> {
  const ids = useLiveQuery(() => db.favourites.toCollection().primaryKeys());
  return new Set(ids ?? []);
}

/** Favourites of a visitor stay on this device (they are not personal data sent anywhere). */
export async function toggleFavourite(listingId: string): Promise<void> {
  await db.transaction('rw', db.favourites, async () => {
    if (await db.favourites.get(listingId)) await db.favourites.delete(listingId);
    else await db.favourites.put({ listingId, createdAt: Date.now() });
  });
}
