/** A buyer's favourite plates: one row per user and listing, and the change for their devices. */
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

export const FAVOURITE_ENTITY = 'favourite';

export function favouriteRepository(db: Queryable) {
  const log = changeLogRepository(db);
  return {
    /** Sets or clears a favourite; false when the listing does not exist. Setting twice changes nothing. */
    async set(userId: string, listingId: string, favourite: boolean): Promise<boolean> {
      const [listing] = await db.query('SELECT 1 FROM plate_listings WHERE id = $1', [listingId]);
      if (!listing) return false;
      if (favourite) {
        const [added] = await db.query<{ created_at: Date }>(
          'INSERT INTO favourites (user_id, listing_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING created_at',
          [userId, listingId],
        );
        if (added)
          await log.record([`user:${userId}`], FAVOURITE_ENTITY, listingId, 'put', {
            listingId,
            createdAt: new Date(added.created_at).getTime(),
          });
      } else {
        const removed = await db.query(
          'DELETE FROM favourites WHERE user_id = $1 AND listing_id = $2 RETURNING listing_id',
          [userId, listingId],
        );
        if (removed.length > 0) await log.record([`user:${userId}`], FAVOURITE_ENTITY, listingId, 'delete', null);
      }
      return true;
    },

    async of(userId: string): Promise<string[]> {
      return (
        await db.query<{ listing_id: string }>(
          'SELECT listing_id FROM favourites WHERE user_id = $1 ORDER BY created_at',
          [userId],
        )
      ).map((row) => row.listing_id);
    },
  };
}
