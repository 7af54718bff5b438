/**
 * Entitlements for tests of a shop's records: an order of the shop's for each number, to the
 * given NRC, as an approved application or a purchase would give it (ids ORD-T1, ORD-T2 …, in
 * the order of the numbers).
 */
import type { Database } from '../../src/server/db/database';
import { randomUUID } from 'node:crypto';
import { formatBlankSerial } from '../../src/domain/serials/blank-serial';
import { agentRepository } from '../../src/server/repositories/agent-repository';
import { allocationRepository } from '../../src/server/repositories/allocation-repository';
import { blankSerialRepository } from '../../src/server/repositories/blank-serial-repository';

export async function givePlatesToShop(
  db: Database,
  shopEmail: string,
  plateNumbers: readonly string[],
  nrc: string,
  firstId = 1,
): Promise<string[]> {
  const [shop] = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [shopEmail]);
  if (!shop) throw new Error(`no shop ${shopEmail}`);
  const ids: string[] = [];
  await db.transaction(async (tx) => {
    for (const [index, plateNumber] of plateNumbers.entries()) {
      const order = await agentRepository(tx).addOrder({
        id: `ORD-T${firstId + index}`,
        agentId: shop.id,
        customerName: 'Mwila Banda',
        customerNrc: nrc,
        customerPhone: '+260971234567',
        plateNumber,
        plateType: 'Private',
        vehicle: 'Toyota Corolla (white)',
        collectionDate: new Date().toISOString().slice(0, 10),
      });
      if (order) ids.push(order.id);
    }
  });
  return ids;
}

/**
 * Blank serials for a shop's manufacturing records in tests: each call of the returned function
 * gives the next serial of the shop's deliveries that is neither used nor spoiled, lowest first.
 * A shop with no delivery carrying serials is given one (1,000 blanks) first.
 */
export async function blanksOf(db: Database, shopEmail: string): Promise<() => string> {
  const [shop] = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [shopEmail]);
  if (!shop) throw new Error(`no shop ${shopEmail}`);
  let ranges = await blankSerialRepository(db).ranges(shop.id);
  if (ranges.length === 0) {
    const [top] = await db.query<{ last: number | null }>('SELECT max(serial_last) AS last FROM inventory_allocations');
    const first = Math.max(top?.last ?? 0, 1_000_000) + 1;
    await db.transaction(async (tx) => {
      await allocationRepository(tx).save(
        {
          id: randomUUID(),
          shopId: shop.id,
          plateType: 'Standard',
          allocatedQuantity: 500,
          note: 'Blanks for tests',
          serialFirst: first,
          serialLast: first + 999,
        },
        shop.id,
        new Date(),
        undefined,
      );
    });
    ranges = await blankSerialRepository(db).ranges(shop.id);
  }
  const taken = new Set((await blankSerialRepository(db).uses()).map((use) => use.serial));
  return () => {
    for (const range of ranges) {
      for (let serial = range.first; serial <= range.last; serial += 1) {
        if (taken.has(serial)) continue;
        taken.add(serial);
        return formatBlankSerial(serial);
      }
    }
    throw new Error(`${shopEmail} has no blanks left`);
  };
}

/** Each plate's blanks, from `next` (blanksOf): two new serials for a plate's first record, the same ones after. */
export function plateBlanks(next: () => string): (plateNumber: string) => { frontSerial: string; rearSerial: string } {
  const given = new Map<string, { frontSerial: string; rearSerial: string }>();
  return (plateNumber) => {
    const blanks = given.get(plateNumber) ?? { frontSerial: next(), rearSerial: next() };
    given.set(plateNumber, blanks);
    return blanks;
  };
}

/** The demo shop's whitebook sale of the demo buyer's ZM-101-ABC against ORD-001, to Mwila Banda (123456/78/9), dated today; `extra` changes any field. */
export function demoSale(extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    plateNumber: 'ZM-101-ABC',
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
    vehicleColour: 'White',
    vehicleYear: 2019,
    chassisNumber: 'JTDBR32E720123456',
    ownerName: 'Mwila Banda',
    ownerNrc: '123456/78/9',
    saleDate: new Date().toISOString().slice(0, 10),
    registrationNumber: 'BAK 1234',
    entitlementReference: 'ORD-001',
    ...extra,
  };
}
