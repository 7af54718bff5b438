/**
 * Pulls server data the device keeps for offline reading. Each pull replaces the
 * local copy in one transaction, so a reader never sees half an update.
 * (The marketplace is small and public; per-user change-log pulls arrive with sync.)
 */
import type { PlateListing } from '#domain/marketplace/listing';
import type { NambalaDatabase } from '../store/database';
import { apiRequest } from './api-client';

export async function pullListings(database: NambalaDatabase): Promise<number> {
  const result = await apiRequest<{ listings: PlateListing[] }>('GET', '/api/listings');
  if (!result.ok) throw new Error(`listings pull failed with ${result.status}`);
  const { listings } = result.body;
  await database.transaction('rw', database.listings, database.meta, async () => {
    const incoming = new Set(listings.map((listing) => listing.id));
    const gone = (await database.listings.toCollection().primaryKeys()).filter((id) => !incoming.has(id));
    await database.listings.bulkDelete(gone);
    await database.listings.bulkPut(listings);
    await database.meta.put({ key: 'listingsPulledAt', value: Date.now() });
  });
  return listings.length;
}
