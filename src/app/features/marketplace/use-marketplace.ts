/** Marketplace reads: listings and favourites from the device's store, live. */
import type { PlateListing } from '#domain/marketplace/listing';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getSession } from '../../session/session-store';
import { setFavourite } from '../../sync/favourites';
import { startSync } from '../../sync/sync-engine';
import { db } from '../../store/database';

export function useListings(): PlateListing[] | undefined {
  // Opening the marketplace starts sync, which keeps the device's copy fresh.
  useEffect(() => startSync(), []);
  return useLiveQuery(() => db.listings.toArray());
}

export function useFavouriteIds(): Set<string> {
  const ids = useLiveQuery(async () => (await db.favourites.toArray()).filter((favourite) => !favourite.removed).map((favourite) => favourite.listingId));
  return new Set(ids ?? []);
}

/** A signed-in buyer's favourites sync to their account; a visitor's stay on this device. */
export async function toggleFavourite(listingId: string): Promise<void> {
  const current = await db.favourites.get(listingId);
  await setFavourite(db, listingId, !current || current.removed === true, getSession().status === 'signed-in');
}
