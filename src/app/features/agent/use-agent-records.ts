/**
 * The agent's records as the device holds them, read live: what the agent saved
 * here shows at once, and what sync brings re-renders by itself. Opening any of
 * these screens starts the sync engine.
 */
import { type AgentOverview, agentOverview, trendWindows } from '#domain/agent/agent-records';
import { useStoreQuery } from '../../store/use-store-query';
import { useEffect } from 'react';
import type {
  LocalAgentOrder,
  LocalInventoryItem,
  LocalManufacturingRecord,
  LocalWhitebookEntry,
} from '../../store/database';
import { startSync } from '../../sync/sync-engine';
import { readShopBlanks, type ShopBlanks } from '../../inventory/blank-stock';

/** How many rows the "recent" tables show. */
export const RECENT_LIMIT = 50;

function useSync(): void {
  useEffect(() => startSync(), []);
}

/** Newest first, by when they were recorded. `undefined` while loading. */
export function useRecentWhitebookEntries(): LocalWhitebookEntry[] | undefined {
  useSync();
  return useStoreQuery((db) => db.whitebookEntries.orderBy('createdAt').reverse().limit(RECENT_LIMIT).toArray());
}

export function useRecentManufacturingRecords(): LocalManufacturingRecord[] | undefined {
  useSync();
  return useStoreQuery((db) => db.manufacturingRecords.orderBy('createdAt').reverse().limit(RECENT_LIMIT).toArray());
}

/**
 * The shop's one manufacturing record of a plate (numbers compared as written, e.g. ZM-101-ABC):
 * null when it has none, undefined while loading. The newest wins should an older copy linger
 * until the next sync.
 */
export function usePlateManufacturingRecord(plateNumber: string): LocalManufacturingRecord | null | undefined {
  return useStoreQuery(
    async (db) => {
      const records = await db.manufacturingRecords.filter((record) => record.plateNumber === plateNumber).toArray();
      return records.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
    },
    [plateNumber],
  );
}

export function useRecentInventoryItems(): LocalInventoryItem[] | undefined {
  useSync();
  return useStoreQuery((db) => db.inventoryItems.orderBy('createdAt').reverse().limit(RECENT_LIMIT).toArray());
}

export interface AgentDashboard {
  overview: AgentOverview;
  /** The shop's orders, newest first. */
  orders: LocalAgentOrder[];
}

/** The overview figures and the orders, counted back from `today` (YYYY-MM-DD, local). */
export function useAgentDashboard(today: string): AgentDashboard | undefined {
  useSync();
  return useStoreQuery(
    async (db) => {
      // Sales are counted on the sale-date index, never read: a whitebook can hold many
      // thousands of rows, and this re-runs after every page a sync brings.
      const windows = trendWindows(today);
      const [orders, items, sales, recentSales, previousSales] = await Promise.all([
        db.agentOrders.orderBy('createdAt').reverse().toArray(),
        db.inventoryItems.toArray(),
        db.whitebookEntries.count(),
        db.whitebookEntries.where('saleDate').aboveOrEqual(windows.recentFrom).count(),
        db.whitebookEntries.where('saleDate').between(windows.previousFrom, windows.previousTo, true, true).count(),
      ]);
      const overview = agentOverview(orders, [], items, today);
      return { overview: { ...overview, plateSales: { value: sales, trend: recentSales - previousSales } }, orders };
    },
    [today],
  );
}

/** Every order of the shop this device holds, newest first: what its records are checked against before they sync. */
export function useShopOrders(): LocalAgentOrder[] | undefined {
  useSync();
  return useStoreQuery((db) => db.agentOrders.orderBy('createdAt').reverse().toArray());
}

/** The shop's blanks on this device: its deliveries' serial ranges, the blanks on its plates and those spoiled. */
export function useShopBlanks(): ShopBlanks | undefined {
  useSync();
  return useStoreQuery((db) => readShopBlanks(db));
}
