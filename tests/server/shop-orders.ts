/**
 * Entitlements for tests of a shop's records: an order of the shop's for each number, to the
 * given NRC, as an approved application or a purchase would give it (ids ORD-T1, ORD-T2 …, in
 * the order of the numbers).
 */
import type { Database } from '../../src/server/db/database';
import { agentRepository } from '../../src/server/repositories/agent-repository';

export async function givePlatesToShop(db: Database, shopEmail: string, plateNumbers: readonly string[], nrc: string, firstId = 1): Promise<string[]> {
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
