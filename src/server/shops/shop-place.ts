/**
 * A plate shop states where buyers collect their plates and when it is open. Only the shop
 * itself (an agent account) changes its own place; the change is audited with what it was.
 */
import type { ShopPlaceInput } from '#domain/collection/collection-schemas';
import type { Database } from '../db/database';
import { auditRepository } from '../repositories/audit-repository';
import { shopRepository } from '../repositories/shop-repository';

export async function changeShopPlace(
  db: Database,
  shopId: string,
  place: ShopPlaceInput,
  by: { ip: string },
): Promise<ShopPlaceInput> {
  return db.transaction(async (tx) => {
    const shops = shopRepository(tx);
    const before = await shops.shopNamed(shopId);
    await shops.setPlace(shopId, place);
    await auditRepository(tx).record({
      actorId: shopId,
      action: 'shop.place',
      target: shopId,
      detail: {
        before: before ? { address: before.address, hours: before.hours, lat: before.lat, lng: before.lng } : null,
        after: place,
      },
      ip: by.ip,
    });
    return place;
  });
}
