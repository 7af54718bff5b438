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
import { demoAgentOrders, demoAgentRecords } from './demo-agent-work';
import { agentRepository } from '../repositories/agent-repository';
import type { WhitebookEntry } from '#domain/agent/workspace';
import { hashPassword } from '../auth/passwords';
import { userRepository } from '../repositories/user-repository';
import { DEFAULT_PRICING } from '#domain/pricing/pricing';
import { issuePlate } from '../credentials/issue';
import type { Signer } from '../credentials/key-store';
import { registryRepository } from '../repositories/registry-repository';
import { demoRegistryPlates } from './demo-registry';
import { seedDemoRequests } from './demo-requests';
import { seedDemoShops } from './demo-shops';

export const DEMO_SEED_VERSION = '4';

/**
 * The demo accounts' passwords are published (README), so their hashes hide nothing: each is
 * made once per process, however many databases it seeds (the tests seed one for nearly every
 * file: 312 hashes of 76 ms each, 24 of the unit run's 410 CPU-seconds).
 */
const demoHashes = new Map<string, Promise<string>>();
function demoPasswordHash(password: string): Promise<string> {
  let hash = demoHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    demoHashes.set(password, hash);
    hash.catch(() => demoHashes.delete(password));
  }
  return hash;
}

export async function seedDemo(db: Database, log: FastifyBaseLogger): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    // Serialised with migrations: two instances starting together seed once.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const meta = metaRepository(tx);
    if ((await meta.get('demo_seed')) === DEMO_SEED_VERSION) return false;
    await listingRepository(tx).insertMany(DEMO_LISTINGS);
    for (const account of DEMO_ACCOUNTS) {
      // create() skips an email that already exists, so reseeding is harmless.
      await userRepository(tx).create({
        ...account,
        passwordHash: await demoPasswordHash(account.password),
        status: account.status ?? 'Active',
        requestedRole: account.requestedRole ?? null,
      });
    }
    const agent = await userRepository(tx).findCredentials('agent@nambala.zm');
    if (agent) {
      const now = Date.now();
      const agents = agentRepository(tx);
      for (const order of demoAgentOrders(agent.user.id, now)) await agents.addOrder(order);
      const records = demoAgentRecords(now);
      await agents.addWhitebookEntries(agent.user.id, records.whitebook as WhitebookEntry[]);
      // Its manufacturing records name blanks by serial: they are seeded with its deliveries (demo-inventory.ts).
      for (const item of records.inventory) await agents.addInventoryItem(agent.user.id, item);
    }
    await meta.set('demo_seed', DEMO_SEED_VERSION);
    log.info({ listings: DEMO_LISTINGS.length, accounts: DEMO_ACCOUNTS.length }, 'demo data seeded');
    return true;
  });
  await seedDemoRequests(db, log);
  await seedDemoShops(db, log);
  return seeded;
}

export const DEMO_REGISTRY_SEED_VERSION = '1';
const REGISTRY_BATCH = 5000;

/**
 * Seeds the registry part of the demo data set once: `count` issued plates, each with
 * a credential signed by the active key, written a few thousand rows per statement.
 */
export async function seedDemoRegistry(
  db: Database,
  signer: Signer,
  count: number,
  log: FastifyBaseLogger,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const meta = metaRepository(tx);
    if ((await meta.get('demo_registry')) === DEMO_REGISTRY_SEED_VERSION) return false;
    const started = performance.now();
    const today = new Date().toISOString().slice(0, 10);
    const plates = demoRegistryPlates(count, today, new Set(DEMO_LISTINGS.map((listing) => listing.number)));
    const registry = registryRepository(tx);
    for (let start = 0; start < plates.length; start += REGISTRY_BATCH) {
      await registry.insertMany(
        plates
          .slice(start, start + REGISTRY_BATCH)
          .map((plate) => issuePlate(signer, plate, DEFAULT_PRICING.validityYears)),
      );
    }
    await meta.set('demo_registry', DEMO_REGISTRY_SEED_VERSION);
    log.info({ plates: plates.length, ms: Math.round(performance.now() - started) }, 'demo registry seeded');
    return true;
  });
}
