/**
 * Favourite plates. A visitor's are kept on this device only; a signed-in buyer's go
 * through the one write path (intent setFavourite) to their account and so to their
 * other devices. When a visitor signs in, the favourites they made are handed to
 * their account.
 */
import type { FavouriteEntry, NambalaDatabase } from '../store/database';
import { mutate } from '../store/mutate';

export async function setFavourite(
  database: NambalaDatabase,
  listingId: string,
  favourite: boolean,
  signedIn: boolean,
): Promise<void> {
  if (!signedIn) {
    await database.transaction('rw', database.favourites, async () => {
      if (favourite) await database.favourites.put({ listingId, createdAt: Date.now() });
      else await database.favourites.delete(listingId);
    });
    return;
  }
  const row: FavouriteEntry & { id: string } = {
    id: listingId,
    listingId,
    createdAt: Date.now(),
    ...(favourite ? {} : { removed: true }),
  };
  await mutate(database, { intent: 'setFavourite', table: 'favourites', row, payload: { listingId, favourite } });
}

/** A visitor's favourites (never synced) become the signed-in buyer's. */
export async function claimVisitorFavourites(database: NambalaDatabase): Promise<number> {
  const visitors = await database.favourites.filter((favourite) => favourite.syncState === undefined).toArray();
  for (const favourite of visitors) await setFavourite(database, favourite.listingId, true, true);
  return visitors.length;
}
