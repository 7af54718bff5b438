/**
 * The agent's records as the device holds them, read live: what the agent saved
 * here shows at once, and what sync brings re-renders by itself. Opening any of
 * these screens starts the sync engine.
 */
import { type AgentOverview, agentOverview } from '#domain/agent/workspace';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { db, type LocalAgentOrder, type LocalInventoryItem, type LocalManufacturingRecord, type LocalWhitebookEntry } from '../../store/database';
import { startSync } from '../../sync/sync-engine';

/** How many rows the "recent" tables show. */
export const RECENT_LIMIT = 50;

function useSync(): void {
  useEffect(() => startSync(), []);
}

/** Newest first, by when they were recorded. `undefined` while loading. */
export function useRecentWhitebookEntries(): LocalWhitebookEntry[] | undefined {
  useSync();
  return useLiveQuery(() => db.whitebookEntries.orderBy('createdAt').reverse().limit(RECENT_LIMIT).toArray());
}

export function useRecentManufacturingRecords(): LocalManufacturingRecord[] | undefined {
  useSync();
  return useLiveQuery(() => db.manufacturingRecords.orderBy('createdAt').reverse().limit(RECENT_LIMIT).toArray());
}

export function useRecentInventoryItems(): LocalInventoryItem[] | undefined {
  useSync();
  return useLiveQuery(() => db.inventoryItems.orderBy('createdAt').reverse().limit(RECENT_LIMIT).toArray());
}

export interface AgentDashboard {
  overview: AgentOverview;
  /** The shop's orders, newest first. */
  orders: LocalAgentOrder[];
}

/** The overview figures and the orders, counted back from `today` (YYYY-MM-DD, local). */
export function useAgentDashboard(today: string): AgentDashboard | undefined {
  useSync();
  return useLiveQuery(async () => {
    const [orders, entries, items] = await Promise.all([db.agentOrders.orderBy('createdAt').reverse().toArray(), db.whitebookEntries.toArray(), db.inventoryItems.toArray()]);
    return { overview: agentOverview(orders, entries, items, today), orders };
  }, [today]);
}
