/**
 * The demo inventory: blanks the administrator allocated to the demo plate maker, each
 * delivery with its range of serials (decision 042), and the deliveries the shop recorded
 * against them, saved through the same intents the administrator's and the shop's devices
 * push. The shop's demo manufacturing records then name blanks from the first delivery,
 * checked by the same service the manufacturing intent uses; the demo owner's plates take
 * the next ones (demoPlateSerials). Together with the plates the shop has made they give one
 * allocation of each stock status worth seeing, and one delivery still short.
 * Once per database, in one transaction under the seeding lock; before the demo owner's plates.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { InventoryPlateType } from '#domain/statuses/statuses';
import type { Database } from '../db/database';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
import { metaRepository } from '../repositories/meta-repository';
import { userRepository } from '../repositories/user-repository';
import { recordInventoryItem } from '../sync/agent-intents';
import type { IntentContext } from '../sync/intent';
import { saveAllocation } from '../sync/inventory-intents';
import { blanksForPlates, formatBlankSerial } from '#domain/serials/blank-serial';
import type { ManufacturingRecord } from '#domain/agent/workspace';
import { agentRepository } from '../repositories/agent-repository';
import { blankSerialRepository } from '../repositories/blank-serial-repository';
import { checkBlanks } from '../inventory/blank-serials';
import { demoAgentRecords } from './demo-agent-work';

export const DEMO_INVENTORY_SEED_VERSION = '2';

/** The first serial of the demo shop's first delivery; the deliveries follow one another. */
export const DEMO_FIRST_SERIAL = 100_001;
/** Blanks of the first delivery the shop's own demo records use (ZM-101-ABC's two). */
const DEMO_SHOP_RECORD_BLANKS = 2;
/**
 * The delivery each of the shop's demo records is made from, by the plate's type: a standard
 * plate from the first (Standard), the premium ZM-777-LCK from the second (Personalized), as the
 * allocations' "Left to Make" counts them.
 */
const DEMO_RECORD_DELIVERY: Readonly<Record<string, number>> = { 'ZM-101-ABC': 1, 'ZM-777-LCK': 2 };

/** The front and rear blanks of the demo owner's plate number `index` (0, 1, ...): the next ones of the first delivery. */
export function demoPlateSerials(index: number): { frontSerial: string; rearSerial: string } {
  const front = DEMO_FIRST_SERIAL + DEMO_SHOP_RECORD_BLANKS + index * 2;
  return { frontSerial: formatBlankSerial(front), rearSerial: formatBlankSerial(front + 1) };
}

const DAY_MS = 24 * 3600 * 1000;

interface DemoAllocation {
  n: number;
  plateType: InventoryPlateType;
  quantity: number;
  daysAgo: number;
  note: string;
  /** Blanks the shop recorded as received, and when. */
  received?: { quantity: number; daysAgo: number };
}

const ALLOCATIONS: DemoAllocation[] = [
  {
    n: 1,
    plateType: 'Standard',
    quantity: 300,
    daysAgo: 45,
    note: 'Quarterly allocation',
    received: { quantity: 300, daysAgo: 42 },
  },
  {
    n: 2,
    plateType: 'Personalized',
    quantity: 3,
    daysAgo: 30,
    note: 'Premium finish blanks',
    received: { quantity: 3, daysAgo: 28 },
  },
  {
    n: 3,
    plateType: 'Commercial',
    quantity: 45,
    daysAgo: 20,
    note: 'Fleet orders',
    received: { quantity: 40, daysAgo: 17 },
  },
  {
    n: 4,
    plateType: 'Government',
    quantity: 120,
    daysAgo: 10,
    note: 'Ministry vehicles',
    received: { quantity: 120, daysAgo: 8 },
  },
  { n: 5, plateType: 'Standard', quantity: 200, daysAgo: 2, note: 'Top-up for the festive season' },
];

/** Fixed ids, so the allocations are stored once however often the seed runs. */
const demoId = (n: number, kind: number) => `0190f5d2-0009-7000-8000-${String(n * 10 + kind).padStart(12, '0')}`;

export async function seedDemoInventory(
  db: Database,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const meta = metaRepository(tx);
    if ((await meta.get('demo_inventory')) === DEMO_INVENTORY_SEED_VERSION) return false;
    const users = userRepository(tx);
    const admin = (await users.findCredentials('admin@nambala.zm'))?.user;
    const agent = (await users.findCredentials('agent@nambala.zm'))?.user;
    if (!admin || !agent) return false;
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
    const context = (user: typeof admin, daysAgo: number): IntentContext => ({
      tx,
      user,
      ip: '127.0.0.1',
      log,
      signer: null,
      now: () => at(daysAgo),
    });
    let nextSerial = DEMO_FIRST_SERIAL;
    const firstSerialOf = new Map<number, number>();
    for (const allocation of ALLOCATIONS) {
      const serialFirst = nextSerial;
      firstSerialOf.set(allocation.n, serialFirst);
      nextSerial += blanksForPlates(allocation.quantity);
      await saveAllocation.apply(context(admin, allocation.daysAgo), {
        id: demoId(allocation.n, 0),
        shopId: agent.id,
        plateType: allocation.plateType,
        allocatedQuantity: allocation.quantity,
        note: allocation.note,
        serialFirst,
        serialLast: nextSerial - 1,
      });
      if (!allocation.received) continue;
      await recordInventoryItem.apply(context(agent, allocation.received.daysAgo), {
        id: demoId(allocation.n, 1),
        itemType: 'Plate Blanks',
        quantity: allocation.received.quantity,
        batchNumber: `ALC-${allocation.n}-${allocation.plateType.slice(0, 3).toUpperCase()}`,
        receivedDate: at(allocation.received.daysAgo).toISOString().slice(0, 10),
        allocationId: demoId(allocation.n, 0),
      });
    }
    // The shop's demo manufacturing records, each on the first blanks of the delivery of its plate's type.
    const agents = agentRepository(tx);
    const serials = blankSerialRepository(tx);
    for (const demo of demoAgentRecords(now.getTime()).manufacturing) {
      const serial = firstSerialOf.get(DEMO_RECORD_DELIVERY[demo.plateNumber] ?? 1) ?? DEMO_FIRST_SERIAL;
      const record = {
        ...demo,
        plateNumber: demo.plateNumber as ManufacturingRecord['plateNumber'],
        frontSerial: formatBlankSerial(serial),
        rearSerial: formatBlankSerial(serial + 1),
      };
      const blanks = [
        { serial, field: 'frontSerial' },
        { serial: serial + 1, field: 'rearSerial' },
      ];
      await checkBlanks(tx, agent.id, blanks, `Manufacturing of ${record.plateNumber}`, record.plateNumber, {
        'Plate number': record.plateNumber,
      });
      await agents.saveManufacturingRecord(agent.id, record);
      const kept = (await agents.manufacturingRecordId(agent.id, record.plateNumber)) ?? record.id;
      await serials.recordUse(agent.id, serial, 'front', record.plateNumber, kept);
      await serials.recordUse(agent.id, serial + 1, 'rear', record.plateNumber, kept);
    }
    await meta.set('demo_inventory', DEMO_INVENTORY_SEED_VERSION);
    return true;
  });
  if (seeded) log.info({ allocations: ALLOCATIONS.length }, 'demo inventory seeded');
  return seeded;
}
