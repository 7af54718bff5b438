/**
 * Seeds the demo data set once per database. It goes through the same repositories
 * as real data, so what a visitor sees on a fresh start is real rows.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
import { listingRepository } from '../repositories/listing-repository';
import { metaRepository } from '../repositories/meta-repository';
import { DEMO_LISTINGS } from './demo-listings';

export const DEMO_SEED_VERSION = '1';

export async function seedDemo(db: Database, log: FastifyBaseLogger): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialised with migrations: two instances starting together seed once.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const meta = metaRepository(tx);
    if ((await meta.get('demo_seed')) === DEMO_SEED_VERSION) return false;
    await listingRepository(tx).insertMany(DEMO_LISTINGS);
    await meta.set('demo_seed', DEMO_SEED_VERSION);
    log.info({ listings: DEMO_LISTINGS.length }, 'demo data seeded');
    return true;
  });
}
