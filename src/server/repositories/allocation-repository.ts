/**
 * Inventory allocations: blanks allocated to a plate-maker shop. Every write records the
 * change for administrators and for the shop it is for, in the same transaction, so
 * both see it on their devices; an allocation moved to another shop is withdrawn from
 * the first shop's devices.
 */
import {
  type AllocationBalance,
  type AllocationValues,
  balancesFromCounts,
  type InventoryAllocation,
  inventoryPlateType,
  madeKey,
  type StockThresholds,
} from '#domain/inventory/allocation';
import type { InventoryPlateType } from '#domain/statuses/statuses';
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

export const ALLOCATION_ENTITY = 'inventoryAllocation';

const scopesFor = (shopId: string) => ['admin', `agent:${shopId}`];

interface AllocationRow {
  id: string;
  number: number;
  shop_id: string;
  shop_name: string | null;
  plate_type: InventoryPlateType;
  allocated_quantity: number;
  note: string;
  serial_first: number | null;
  serial_last: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const toAllocation = (row: AllocationRow): InventoryAllocation => ({
  id: row.id,
  number: row.number,
  shopId: row.shop_id,
  shopName: row.shop_name ?? 'A former plate maker',
  plateType: row.plate_type,
  allocatedQuantity: row.allocated_quantity,
  note: row.note,
  serialFirst: row.serial_first,
  serialLast: row.serial_last,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const SELECT = `SELECT a.id, a.number, a.shop_id, coalesce(nullif(u.business_name, ''), u.name) AS shop_name, a.plate_type, a.allocated_quantity, a.note, a.serial_first, a.serial_last, a.created_at, a.updated_at
  FROM inventory_allocations a LEFT JOIN users u ON u.id = a.shop_id`;

export function allocationRepository(db: Queryable) {
  const log = changeLogRepository(db);
  const publish = (allocation: InventoryAllocation) =>
    log.record(scopesFor(allocation.shopId), ALLOCATION_ENTITY, allocation.id, 'put', { ...allocation });
  const find = async (id: string): Promise<InventoryAllocation | undefined> => {
    const rows = await db.query<AllocationRow>(`${SELECT} WHERE a.id = $1`, [id]);
    return rows[0] && toAllocation(rows[0]);
  };

  return {
    /** Serialises changes to allocations, so a receipt and a delete of one allocation cannot cross. */
    async lock(): Promise<void> {
      await db.query("SELECT pg_advisory_xact_lock(hashtext('inventory_allocations'))");
    },

    find,

    async list(): Promise<InventoryAllocation[]> {
      const rows = await db.query<AllocationRow>(`${SELECT} ORDER BY a.number`);
      return rows.map(toAllocation);
    },

    /** The shop an allocation may go to: an active plate-maker account. */
    async isActiveShop(userId: string): Promise<boolean> {
      const rows = await db.query<{ ok: boolean }>(
        "SELECT true AS ok FROM users WHERE id = $1 AND user_type = 'AGENT' AND status = 'Active'",
        [userId],
      );
      return rows.length > 0;
    },

    async receivedAgainst(id: string): Promise<number> {
      const rows = await db.query<{ n: string | null }>(
        'SELECT sum(quantity)::text AS n FROM agent_inventory_items WHERE allocation_id = $1',
        [id],
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** Adds or changes an allocation and publishes it; a move to another shop withdraws it from the first. */
    async save(
      values: AllocationValues,
      createdBy: string,
      at: Date,
      before: InventoryAllocation | undefined,
    ): Promise<InventoryAllocation> {
      const rows = await db.query<{ id: string }>(
        `INSERT INTO inventory_allocations (id, shop_id, plate_type, allocated_quantity, note, serial_first, serial_last, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         ON CONFLICT (id) DO UPDATE SET shop_id = EXCLUDED.shop_id, plate_type = EXCLUDED.plate_type,
           allocated_quantity = EXCLUDED.allocated_quantity, note = EXCLUDED.note,
           serial_first = EXCLUDED.serial_first, serial_last = EXCLUDED.serial_last, updated_at = EXCLUDED.updated_at
         RETURNING id`,
        [
          values.id,
          values.shopId,
          values.plateType,
          values.allocatedQuantity,
          values.note,
          values.serialFirst,
          values.serialLast,
          createdBy,
          at,
        ],
      );
      const saved = await find(rows[0]?.id ?? values.id);
      if (!saved) throw new Error(`allocation ${values.id} vanished while it was saved`);
      if (before && before.shopId !== saved.shopId)
        await log.record([`agent:${before.shopId}`], ALLOCATION_ENTITY, saved.id, 'delete', null);
      await publish(saved);
      return saved;
    },

    /**
     * Every allocation's balance now, by the domain's rule: blanks received against each, and
     * the plates each shop has made by type (each number once; its type from the shop's order).
     */
    async balances(thresholds: StockThresholds): Promise<AllocationBalance[]> {
      const rows = await db.query<AllocationRow>(`${SELECT} ORDER BY a.number`);
      if (rows.length === 0) return [];
      const received = await db.query<{ allocation_id: string; n: string }>(
        'SELECT allocation_id, sum(quantity)::text AS n FROM agent_inventory_items WHERE allocation_id IS NOT NULL GROUP BY allocation_id',
      );
      const made = await db.query<{ agent_id: string; plate_type: string | null; n: string }>(
        `SELECT m.agent_id, o.plate_type, count(DISTINCT m.plate_number)::text AS n
           FROM manufacturing_records m
           LEFT JOIN LATERAL (SELECT plate_type FROM agent_orders WHERE agent_id = m.agent_id AND plate_number = m.plate_number ORDER BY created_at LIMIT 1) o ON true
          WHERE m.agent_id IN (SELECT DISTINCT shop_id FROM inventory_allocations)
          GROUP BY m.agent_id, o.plate_type`,
      );
      const madeByShopType = new Map<string, number>();
      for (const row of made) {
        const key = madeKey(row.agent_id, inventoryPlateType(row.plate_type ?? 'Standard'));
        madeByShopType.set(key, (madeByShopType.get(key) ?? 0) + Number(row.n));
      }
      return balancesFromCounts(
        rows.map(toAllocation),
        new Map(received.map((row) => [row.allocation_id, Number(row.n)])),
        madeByShopType,
        thresholds,
      );
    },

    async delete(allocation: InventoryAllocation): Promise<void> {
      await db.query('DELETE FROM inventory_allocations WHERE id = $1', [allocation.id]);
      await log.record(scopesFor(allocation.shopId), ALLOCATION_ENTITY, allocation.id, 'delete', null);
    },
  };
}
