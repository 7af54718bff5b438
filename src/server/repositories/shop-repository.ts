/**
 * Plate shops as buyers choose them: agent accounts an administrator approved, active and
 * allowed to record, with the place each states (address, opening hours, coordinates).
 */
import type { PlateShop } from '#domain/collection/collection';
import type { Queryable } from '../db/database';

interface ShopRow {
  id: string;
  name: string;
  business_name: string | null;
  shop_address: string | null;
  shop_hours: string | null;
  shop_lat: number | string | null;
  shop_lng: number | string | null;
}

const coordinate = (value: number | string | null) => (value === null ? null : Number(value));

const toShop = (row: ShopRow): PlateShop => ({
  id: row.id,
  name: row.business_name ?? row.name,
  address: row.shop_address,
  hours: row.shop_hours,
  lat: coordinate(row.shop_lat),
  lng: coordinate(row.shop_lng),
});

// The same test as the least-loaded shop's (application-repository.ts): a shop that may be given orders.
const ACTIVE_SHOP = `SELECT u.id, u.name, u.business_name, u.shop_address, u.shop_hours, u.shop_lat, u.shop_lng
  FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'agent'
  WHERE u.status = 'Active' AND u.recording_suspended IS NULL`;

export interface ShopPlace {
  address: string;
  hours: string;
  /** Both or neither: null when the shop gave no coordinates. */
  lat: number | null;
  lng: number | null;
}

export function shopRepository(db: Queryable) {
  return {
    /** Every shop a buyer may choose, by name. */
    async activeShops(): Promise<PlateShop[]> {
      const rows = await db.query<ShopRow>(`${ACTIVE_SHOP} ORDER BY coalesce(u.business_name, u.name), u.id`);
      return rows.map(toShop);
    },

    /** The shop, when it is approved, active and allowed to record; undefined otherwise (unknown, suspended, not a shop). */
    async activeShop(id: string): Promise<PlateShop | undefined> {
      const [row] = await db.query<ShopRow>(`${ACTIVE_SHOP} AND u.id = $1`, [id]);
      return row && toShop(row);
    },

    /** Any shop by id, active or not (for naming one on a past order). */
    async shopNamed(id: string): Promise<PlateShop | undefined> {
      const [row] = await db.query<ShopRow>(
        'SELECT id, name, business_name, shop_address, shop_hours, shop_lat, shop_lng FROM users WHERE id = $1',
        [id],
      );
      return row && toShop(row);
    },

    /** Where a shop is and when it is open. */
    async setPlace(id: string, place: ShopPlace): Promise<void> {
      await db.query(
        'UPDATE users SET shop_address = $2, shop_hours = $3, shop_lat = $4, shop_lng = $5, updated_at = now() WHERE id = $1',
        [id, place.address, place.hours, place.lat, place.lng],
      );
    },
  };
}
