/**
 * Marketplace reads: listings and favourites from the device's store, live. The store
 * and sync engine load after the page has hydrated (decision 017). A page the server
 * served carries the listings it read (decision 073): they are drawn in the first paint
 * and hydrated from, until the store's copy is at least as fresh (the first sync takes
 * them into it).
 */
import type { PlateListing } from '#domain/marketplace/listing';
import { effectiveStatus } from '#domain/purchases/reservation';
import { useEffect } from 'react';
import { getSession } from '../../session/session-store';
import { loadStore } from '../../store/load-store';
import { useStoreQuery } from '../../store/use-store-query';
import { startSyncLazily } from '../../sync/start-sync-lazily';
import { isStoreOlderThanPage, pageListings } from '../../sync/page-listings';
import { whenReadyAndIdle } from '../../components/when-idle';

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

interface StoredListings {
  listings: PlateListing[];
  pulledAt: number | null;
}

/** The store's listings and when they were pulled; the page's own while the store's are older (or still being read). */
function useListingsAndPulledAt(): StoredListings | undefined {
  const stored = useStoreQuery(async (db): Promise<StoredListings> => {
    const now = new Date();
    const [listings, entry] = await Promise.all([db.listings.toArray(), db.meta.get('listingsPulledAt')]);
    return {
      listings: listings.map((listing) => statusNow(listing, now)),
      pulledAt: typeof entry?.value === 'number' ? entry.value : null,
    };
  });
  const fromPage = pageListings();
  if (fromPage && (stored === undefined || isStoreOlderThanPage(stored.pulledAt))) {
    const now = new Date();
    return { listings: fromPage.listings.map((listing) => statusNow(listing, now)), pulledAt: stored?.pulledAt ?? 0 };
  }
  return stored;
}

/**
 * The listings (undefined while read), and when they were last brought from the server to this
 * device (null: never). Opening the marketplace starts sync, which keeps the device's copy fresh.
 */
export function useListings(firstOnTheLine?: () => Promise<unknown>): {
  listings: PlateListing[] | undefined;
  pulledAt: number | null | undefined;
} {
  useEffect(() => {
    // The listings came with the page: nothing waits on sync, and what a tap will need (the
    // dialog's code) gets the line first; sync starts once it is in (decision 073).
    if (firstOnTheLine && pageListings()) {
      whenReadyAndIdle(
        () =>
          void firstOnTheLine()
            .catch(() => undefined)
            .finally(startSyncLazily),
        1,
      );
      return;
    }
    startSyncLazily();
  }, [firstOnTheLine]);
  const read = useListingsAndPulledAt();
  return { listings: read?.listings, pulledAt: read?.pulledAt };
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
