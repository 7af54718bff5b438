// Inventory allocations (spec: "Admin: Inventory Management"): plate blanks the
// administrator allocates to a plate-maker shop, by plate type. What the shop records as
// received against an allocation is reconciled with it, and what the shop has made of
// that plate type is drawn from its allocations oldest first, so each allocation's
// stock status is computed from what is left of it, against thresholds that are settings.
// One unit is one plate (a number's set, as the spec's "Total plates allocated" counts).
// The forms' rules (zod) are in allocation.ts, so the inventory screens need no zod.
import { INVENTORY_PLATE_TYPES, type InventoryPlateType, type StockStatus } from '../statuses/statuses';

export const ALLOCATION_MAX_QUANTITY = 100_000;
export const ALLOCATION_NOT_FOUND = 'This inventory allocation no longer exists.';
export const ALLOCATION_HAS_RECEIPTS =
  'The plate maker has recorded blanks received against this allocation, so it can no longer be deleted or moved to another shop. Change its quantity instead.';
export const ALLOCATION_NOT_FOR_SHOP = 'That allocation is not one of your shop’s allocations.';
export const ALLOCATION_SAVED = 'Allocation saved';
export const ALLOCATION_DELETED = 'Allocation deleted';

/** An allocation as devices keep it (administrators, and the shop it is for). */
export interface InventoryAllocation {
  id: string;
  /** The spec's numeric ID, given by the server; null until the server has the allocation. */
  number: number | null;
  shopId: string;
  /** The shop's business name (or its agent's name) when the allocation was last saved. */
  shopName: string;
  plateType: InventoryPlateType;
  allocatedQuantity: number;
  note: string;
  /** The serials of the blanks delivered, first and last (decision 042); absent or null on an allocation saved before serials were kept. */
  serialFirst?: number | null;
  serialLast?: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Stock thresholds, in plates left of an allocation: at or below `lowStock` is Low Stock, at or below `critical` is Critical. */
export interface StockThresholds {
  lowStock: number;
  critical: number;
}

export const DEFAULT_STOCK_THRESHOLDS: StockThresholds = { lowStock: 50, critical: 10 };
export const STOCK_THRESHOLD_MAX = 10_000;

/** Whether a stored setting is a pair of thresholds the rules accept: whole numbers from 1, critical below low stock. */
export function isStockThresholds(value: unknown): value is StockThresholds {
  if (typeof value !== 'object' || value === null) return false;
  const { lowStock, critical } = value as Partial<Record<keyof StockThresholds, unknown>>;
  const inRange = (n: unknown): n is number =>
    Number.isInteger(n) && (n as number) >= 1 && (n as number) <= STOCK_THRESHOLD_MAX;
  return inRange(lowStock) && inRange(critical) && critical < lowStock;
}

/** The stock status of what is left: none is Out of Stock; then Critical, Low Stock, In Stock by the thresholds. */
export function stockStatus(remaining: number, thresholds: StockThresholds): StockStatus {
  if (remaining <= 0) return 'Out of Stock';
  if (remaining <= thresholds.critical) return 'Critical';
  if (remaining <= thresholds.lowStock) return 'Low Stock';
  return 'In Stock';
}

/**
 * The blank a plate of a given type is made from. Orders name the plate types of the
 * request (Standard, Commercial, ...) or of the marketplace (Private, Premium, ...):
 * a private plate is a standard blank, a premium number a personalised one.
 */
export function inventoryPlateType(type: string): InventoryPlateType {
  const known = INVENTORY_PLATE_TYPES.find((plateType) => plateType.toLowerCase() === type.trim().toLowerCase());
  if (known) return known;
  if (/^premium$/i.test(type.trim())) return 'Personalized';
  return 'Standard';
}

/** A blank received by the shop: from its inventory records, against an allocation or not. */
export interface BlankReceipt {
  allocationId: string | null;
  quantity: number;
}

/** A plate the shop has made: its manufacturing record's plate number, with the plate's type where the shop's order says it. */
export interface PlateMade {
  shopId: string;
  plateNumber: string;
  plateType: InventoryPlateType;
}

export interface AllocationBalance {
  allocation: InventoryAllocation;
  /** Plates the shop has made from this allocation (oldest allocation first). */
  used: number;
  /** What is left of the allocation to make plates from. */
  remaining: number;
  status: StockStatus;
  /** Blanks the shop recorded as received against this allocation. */
  received: number;
  /** Received less allocated: negative while blanks are still to arrive (or went missing), positive when more arrived. */
  receiptDifference: number;
}

const byAge = (a: InventoryAllocation, b: InventoryAllocation) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const shopTypeKey = (shopId: string, plateType: string) => `${shopId}\u0000${plateType}`;

/** Plates made per shop and plate type, each plate number once (the counts `balancesFromCounts` draws on). */
export function countPlatesMade(made: readonly PlateMade[]): Map<string, number> {
  const numbers = new Map<string, Set<string>>();
  for (const plate of made) {
    const key = shopTypeKey(plate.shopId, plate.plateType);
    const seen = numbers.get(key) ?? new Set<string>();
    seen.add(plate.plateNumber);
    numbers.set(key, seen);
  }
  return new Map([...numbers].map(([key, seen]) => [key, seen.size]));
}

/** The key of `madeByShopType` for a shop and a plate type. */
export const madeKey = (shopId: string, plateType: InventoryPlateType) => shopTypeKey(shopId, plateType);

/**
 * Each allocation's balance from counts: blanks received per allocation id, and plates made
 * per shop and type (key `madeKey`). A shop's plates of a type are drawn from its allocations
 * of that type oldest first; plates beyond what was allocated are drawn from none.
 */
export function balancesFromCounts(
  allocations: readonly InventoryAllocation[],
  receivedById: ReadonlyMap<string, number>,
  madeByShopType: ReadonlyMap<string, number>,
  thresholds: StockThresholds,
): AllocationBalance[] {
  const toDraw = new Map(madeByShopType);
  const balances = new Map<string, AllocationBalance>();
  for (const allocation of [...allocations].sort(byAge)) {
    const key = shopTypeKey(allocation.shopId, allocation.plateType);
    const left = toDraw.get(key) ?? 0;
    const used = Math.min(left, allocation.allocatedQuantity);
    toDraw.set(key, left - used);
    const remaining = allocation.allocatedQuantity - used;
    const got = receivedById.get(allocation.id) ?? 0;
    balances.set(allocation.id, {
      allocation,
      used,
      remaining,
      status: stockStatus(remaining, thresholds),
      received: got,
      receiptDifference: got - allocation.allocatedQuantity,
    });
  }
  // In the order they were given.
  return allocations.flatMap((allocation) => {
    const balance = balances.get(allocation.id);
    return balance ? [balance] : [];
  });
}

/** Each allocation's balance from the shops' receipts and the plates they made (a plate number counts once, however many manufacturing records it has). */
export function allocationBalances(
  allocations: readonly InventoryAllocation[],
  receipts: readonly BlankReceipt[],
  made: readonly PlateMade[],
  thresholds: StockThresholds,
): AllocationBalance[] {
  const received = new Map<string, number>();
  for (const receipt of receipts)
    if (receipt.allocationId !== null)
      received.set(receipt.allocationId, (received.get(receipt.allocationId) ?? 0) + receipt.quantity);
  return balancesFromCounts(allocations, received, countPlatesMade(made), thresholds);
}

export interface InventoryStats {
  totalAllocated: number;
  inStock: number;
  lowStock: number;
  /** Critical and Out of Stock allocations: both need blanks now. */
  critical: number;
  outOfStock: number;
}

export function inventoryStats(balances: readonly AllocationBalance[]): InventoryStats {
  const count = (status: StockStatus) => balances.filter((balance) => balance.status === status).length;
  return {
    totalAllocated: balances.reduce((sum, balance) => sum + balance.allocation.allocatedQuantity, 0),
    inStock: count('In Stock'),
    lowStock: count('Low Stock'),
    critical: count('Critical') + count('Out of Stock'),
    outOfStock: count('Out of Stock'),
  };
}

export interface PlateTypeShare {
  plateType: InventoryPlateType;
  /** Allocations of this type (the spec's "number of orders"). */
  allocations: number;
  totalPlates: number;
}

/** The 'Plate Type Distribution' cards: only types with plates allocated, in the registry's order of types. */
export function plateTypeDistribution(allocations: readonly InventoryAllocation[]): PlateTypeShare[] {
  return INVENTORY_PLATE_TYPES.map((plateType) => {
    const ofType = allocations.filter((allocation) => allocation.plateType === plateType);
    return {
      plateType,
      allocations: ofType.length,
      totalPlates: ofType.reduce((sum, allocation) => sum + allocation.allocatedQuantity, 0),
    };
  }).filter((share) => share.totalPlates > 0);
}

export interface AllocationFilter {
  search: string;
  plateType: InventoryPlateType | 'all';
  status: StockStatus | 'all';
}

export const ALL_ALLOCATIONS_FILTER: AllocationFilter = { search: '', plateType: 'all', status: 'all' };

/** Case-insensitive search over the ID, the plate maker, the plate type, the status and the note; then the two filters. */
export function filterAllocations<Balance extends AllocationBalance>(
  balances: readonly Balance[],
  filter: AllocationFilter,
): Balance[] {
  const needle = filter.search.trim().toLowerCase();
  return balances.filter(({ allocation, status }) => {
    if (filter.plateType !== 'all' && allocation.plateType !== filter.plateType) return false;
    if (filter.status !== 'all' && status !== filter.status) return false;
    if (needle === '') return true;
    const haystack = [
      allocation.number === null ? '' : String(allocation.number),
      allocation.shopName,
      allocation.plateType,
      status,
      allocation.note,
    ]
      .join('\u0000')
      .toLowerCase();
    return haystack.includes(needle);
  });
}

/** How a receipt difference reads: 'All received', '20 still to arrive', '5 more than allocated'. */
export function receiptDifferenceText(balance: Pick<AllocationBalance, 'receiptDifference' | 'received'>): string {
  if (balance.receiptDifference === 0) return 'All received';
  if (balance.receiptDifference < 0) return `${(-balance.receiptDifference).toLocaleString('en-US')} not yet received`;
  return `${balance.receiptDifference.toLocaleString('en-US')} more than allocated`;
}
