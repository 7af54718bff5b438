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
import { DEMO_ACCOUNTS } from './demo-accounts';
import { hashPassword } from '../auth/passwords';
import { userRepository } from '../repositories/user-repository';

export const DEMO_SEED_VERSION = '3';

export async function seedDemo(db: Database, log: FastifyBaseLogger): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialised with migrations: two instances starting together seed once.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const meta = metaRepository(tx);
    if ((await meta.get('demo_seed')) === DEMO_SEED_VERSION) return false;
    await listingRepository(tx).insertMany(DEMO_LISTINGS);
    for (const account of DEMO_ACCOUNTS) {
      // create() skips an email that already exists, so reseeding is harmless.
      await userRepository(tx).create({ ...account, passwordHash: await hashPassword(account.password), status: account.status ?? 'Active', requestedRole: account.requestedRole ?? null });
    }
    await meta.set('demo_seed', DEMO_SEED_VERSION);
    log.info({ listings: DEMO_LISTINGS.length, accounts: DEMO_ACCOUNTS.length }, 'demo data seeded');
    return true;
  });
}
