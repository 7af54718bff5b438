// The plate-maker agent's records without their form rules (those, in zod, are in
// workspace.ts): what a record's form says, the orders assigned to the shop, and the
// overview figures, so the workspace's pages need no zod until a form is sent.
import type { AgentInventoryItemType, AgentOrderStatus } from '../statuses/statuses';
import type { NrcCheck } from './nrc-check';

export const WHITEBOOK_SUBMITTED = 'Whitebook entry submitted successfully!';
export const MANUFACTURING_SUBMITTED = 'Manufacturing details submitted successfully!';
export const INVENTORY_SUBMITTED = 'Inventory data submitted successfully!';
export const DATE_IN_FUTURE = 'The date cannot be in the future';

/** Said on a sale whose entitlement reference is not one of the shop's orders (checked on sync). */
export const entitlementNotFound = (reference: string) =>
  `${reference} is not one of this shop’s orders. Enter the order number (ORD-…) or the application reference (LP-…) the plate was made for.`;

/** The earliest date a shop's record may carry: before it, a date is a typing slip (and year 0 is one the database cannot store). */
export const EARLIEST_RECORD_DATE = '1900-01-01';

/** An order assigned to the agent's shop: an approved plate request to make and hand over. */
export interface AgentOrder {
  id: string;
  agentId: string;
  customerName: string;
  /**
   * What checks the customer's NRC card at the counter without the NRC itself (decision 041);
   * null for an order that names no NRC.
   */
  nrcCheck: NrcCheck | null;
  customerPhone: string;
  plateNumber: string;
  plateType: string;
  vehicle: string;
  status: AgentOrderStatus;
  collectionDate: string;
  createdAt: string;
  /**
   * The buyer's reference for what created the order: LP-000009 for an approved application,
   * PO-000003 for a marketplace purchase; '' when nothing did (missing on rows a device pulled
   * before orders carried it).
   */
  reference?: string;
  /** The application's Request ID (REQ-009); null for a purchase or when there is none. */
  requestId?: string | null;
  /**
   * Where the shop delivers the plates, when the buyer asked for delivery; null when the buyer
   * collects them (missing on rows a device pulled before orders carried it: read as collected).
   */
  deliveryAddress?: string | null;
}

export interface OverviewFigure {
  value: number;
  /** Change against the previous 30 days, in the same unit. */
  trend: number;
}

export interface AgentOverview {
  pendingOrders: OverviewFigure;
  fulfilledOrders: OverviewFigure;
  plateSales: OverviewFigure;
  inventoryBlanks: OverviewFigure;
}

const DAY_MS = 24 * 3600 * 1000;

/** Which 30-day window a YYYY-MM-DD (or ISO) date falls in, counting back from today: 0 = last 30 days, 1 = the 30 before. */
function windowOf(date: string, today: string): number {
  const days = Math.floor(
    (Date.parse(`${today.slice(0, 10)}T00:00:00Z`) - Date.parse(`${date.slice(0, 10)}T00:00:00Z`)) / DAY_MS,
  );
  return days < 0 ? 0 : Math.floor(days / 30);
}

/**
 * The two 30-day windows trends compare, as inclusive YYYY-MM-DD bounds: the last
 * 30 days (today and anything dated later) and the 30 before. Lets a large table be
 * counted by index instead of read whole.
 */
export function trendWindows(today: string): { recentFrom: string; previousFrom: string; previousTo: string } {
  const start = Date.parse(`${today.slice(0, 10)}T00:00:00Z`);
  const dayOf = (daysBack: number) => new Date(start - daysBack * DAY_MS).toISOString().slice(0, 10);
  return { recentFrom: dayOf(29), previousFrom: dayOf(59), previousTo: dayOf(30) };
}

/**
 * The overview cards from the agent's own records. Orders count as they stand now,
 * with the trend from when they were created; sales and blanks count the last 30
 * days against the 30 before.
 */
export function agentOverview(
  orders: readonly Pick<AgentOrder, 'status' | 'createdAt'>[],
  entries: readonly { saleDate: string }[],
  items: readonly { itemType: AgentInventoryItemType; quantity: number; receivedDate: string }[],
  today: string,
): AgentOverview {
  const countBy = <T>(rows: readonly T[], keep: (row: T) => boolean, dateOf: (row: T) => string): OverviewFigure => {
    const kept = rows.filter(keep);
    const recent = kept.filter((row) => windowOf(dateOf(row), today) === 0).length;
    const before = kept.filter((row) => windowOf(dateOf(row), today) === 1).length;
    return { value: kept.length, trend: recent - before };
  };
  const blanks = items.filter((item) => item.itemType === 'Plate Blanks');
  const blanksIn = (window: number) =>
    blanks
      .filter((item) => windowOf(item.receivedDate, today) === window)
      .reduce((sum, item) => sum + item.quantity, 0);
  return {
    pendingOrders: countBy(
      orders,
      (order) => order.status === 'Pending',
      (order) => order.createdAt,
    ),
    fulfilledOrders: countBy(
      orders,
      (order) => order.status === 'Fulfilled',
      (order) => order.createdAt,
    ),
    plateSales: countBy(
      entries,
      () => true,
      (entry) => entry.saleDate,
    ),
    inventoryBlanks: { value: blanks.reduce((sum, item) => sum + item.quantity, 0), trend: blanksIn(0) - blanksIn(1) },
  };
}
