/**
 * What the Inventory Management page and the shop's allocations read from the device's
 * store: allocations, the blanks shops recorded as received, the plates they have made
 * (each with its type from the shop's order), and the stock thresholds; the balances come
 * from the domain's one rule (src/domain/inventory/inventory-stock.ts).
 */
import {
  type AllocationBalance,
  allocationBalances,
  DEFAULT_STOCK_THRESHOLDS,
  inventoryPlateType,
  type PlateMade,
  type StockThresholds,
  isStockThresholds,
} from '#domain/inventory/inventory-stock';
import type { LocalInventoryAllocation, LocalSetting, NambalaDatabase } from '../store/database';

export const STOCK_THRESHOLDS_SETTING = 'stockThresholds';

export type AllocationRow = AllocationBalance & { id: string; syncState: LocalInventoryAllocation['syncState'] };

/** The thresholds as last synced; the defaults until an administrator has changed them. */
export function thresholdsFrom(setting: LocalSetting | undefined): StockThresholds {
  const value = setting?.value;
  return isStockThresholds(value) ? { lowStock: value.lowStock, critical: value.critical } : DEFAULT_STOCK_THRESHOLDS;
}

export interface InventoryData {
  rows: AllocationRow[];
  thresholds: StockThresholds;
}

/**
 * Every allocation on this device (one shop's, on that shop's devices) with its balance,
 * newest first. `ownShopId`: on a shop's device, whose records made here carry no shop yet.
 */
export async function readInventory(db: NambalaDatabase, ownShopId?: string): Promise<InventoryData> {
  const [allocations, items, records, orders, setting] = await Promise.all([
    db.inventoryAllocations.toArray(),
    db.inventoryItems.toArray(),
    db.manufacturingRecords.toArray(),
    db.agentOrders.toArray(),
    db.settings.get(STOCK_THRESHOLDS_SETTING),
  ]);
  const thresholds = thresholdsFrom(setting);
  const live = allocations.filter((allocation) => !allocation.isDeleted);
  const typeOf = new Map(
    orders.map((order) => [`${order.agentId}\u0000${order.plateNumber}`, inventoryPlateType(order.plateType)]),
  );
  const made: PlateMade[] = records.flatMap((record) => {
    const shopId = record.agentId ?? ownShopId;
    if (!shopId) return [];
    return [
      {
        shopId,
        plateNumber: record.plateNumber,
        plateType: typeOf.get(`${shopId}\u0000${record.plateNumber}`) ?? 'Standard',
      },
    ];
  });
  const receipts = items.map((item) => ({ allocationId: item.allocationId ?? null, quantity: item.quantity }));
  const syncState = new Map(live.map((allocation) => [allocation.id, allocation.syncState]));
  const rows = allocationBalances(live, receipts, made, thresholds)
    .map((balance): AllocationRow => ({
      ...balance,
      id: balance.allocation.id,
      syncState: syncState.get(balance.allocation.id),
    }))
    .sort((a, b) => b.allocation.createdAt.localeCompare(a.allocation.createdAt) || b.id.localeCompare(a.id));
  return { rows, thresholds };
}
