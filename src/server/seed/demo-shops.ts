/**
 * Where the demo plate shops are and when they open, so a buyer choosing a shop sees an address,
 * hours and (with their location shared) a distance. The coordinates are those of the streets in
 * the addresses: Cairo Road in Lusaka, Obote Avenue in Kitwe. Set once per database, under its
 * own meta key, through the shop repository a real change would use.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
import { metaRepository } from '../repositories/meta-repository';
import { type ShopPlace, shopRepository } from '../repositories/shop-repository';
import { userRepository } from '../repositories/user-repository';

export const DEMO_SHOPS_SEED_VERSION = '1';

export const DEMO_SHOP_PLACES: ReadonlyArray<{ email: string; place: ShopPlace }> = [
  {
    // Cairo Road Plates, the approved demo plate maker.
    email: 'agent@nambala.zm',
    place: {
      address: 'Shop 14, Cairo Road, Lusaka',
      hours: 'Mon–Fri 08:00–17:00, Sat 08:00–13:00',
      lat: -15.4207,
      lng: 28.2826,
    },
  },
  {
    // Kitwe Plate Works, waiting for approval: listed once an administrator approves it.
    email: 'newshop@nambala.zm',
    place: {
      address: 'Plot 22, Obote Avenue, Kitwe',
      hours: 'Mon–Fri 08:00–16:30',
      lat: -12.8119,
      lng: 28.2136,
    },
  },
];

export async function seedDemoShops(db: Database, log: FastifyBaseLogger): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const meta = metaRepository(tx);
    if ((await meta.get('demo_shops')) === DEMO_SHOPS_SEED_VERSION) return false;
    let placed = 0;
    for (const { email, place } of DEMO_SHOP_PLACES) {
      const shop = await userRepository(tx).findCredentials(email);
      if (!shop) continue;
      await shopRepository(tx).setPlace(shop.user.id, place);
      placed += 1;
    }
    await meta.set('demo_shops', DEMO_SHOPS_SEED_VERSION);
    log.info({ shops: placed }, 'demo shop places seeded');
    return true;
  });
}
