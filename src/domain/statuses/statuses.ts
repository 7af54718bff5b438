// Every fixed list of statuses, types and periods named in the spec (sections 3, 4, 6 and 9).
// Each list is an `as const` array so screens can render options in spec order and
// schemas can validate against the same source; the union types are derived from it.

/** True when `value` is one of the entries of `list`; narrows `value` to the list's union. */
export function isOneOf<const T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** Marketplace plate status. Only Available plates can be opened for purchase or reservation. */
export const PLATE_STATUSES = ['Available', 'Reserved', 'Sold'] as const;
export type PlateStatus = (typeof PLATE_STATUSES)[number];

export const MARKETPLACE_PLATE_TYPES = [
  'Private',
  'Commercial',
  'Government',
  'Diplomatic',
  'Premium',
  'Personalized',
] as const;
export type MarketplacePlateType = (typeof MARKETPLACE_PLATE_TYPES)[number];

// The admin inventory uses a different vocabulary from the marketplace; the spec keeps them apart.
export const INVENTORY_PLATE_TYPES = [
  'Standard',
  'Commercial',
  'Personalized',
  'Diplomatic',
  'Government',
  'Military',
] as const;
export type InventoryPlateType = (typeof INVENTORY_PLATE_TYPES)[number];

/** Chosen by the admin by hand; never computed from the allocated quantity. */
export const STOCK_STATUSES = ['In Stock', 'Low Stock', 'Critical', 'Out of Stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const REQUEST_STATUSES = ['Pending', 'Under Review', 'Approved', 'Rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

// Pending is not in the spec's list of user statuses but appears in the dashboard and
// report figures, so it is a status a user can have.
export const USER_STATUSES = ['Active', 'Suspended', 'Inactive', 'Pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Types an administrator manages. POLICE and ADMIN cover the law-enforcement and admin roles. */
export const USER_TYPES = ['Customer', 'AGENT', 'INSURANCE_AGENT', 'POLICE', 'ADMIN'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Account type ids of the sign-up form, as a tuple so schemas can enumerate them. */
export const ACCOUNT_TYPE_IDS = ['individual', 'fleet', 'corporate', 'agent', 'law'] as const;
export type AccountTypeId = (typeof ACCOUNT_TYPE_IDS)[number];

/** Account types offered on the sign-up form, in the order shown. */
export const ACCOUNT_TYPES = [
  { id: 'individual', label: 'Individual Driver' },
  { id: 'fleet', label: 'Fleet Owner' },
  { id: 'corporate', label: 'Corporate Account' },
  { id: 'agent', label: 'Agent (Plate Maker)' },
  { id: 'law', label: 'Law Enforcement' },
] as const satisfies readonly { id: AccountTypeId; label: string }[];
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const DEFAULT_ACCOUNT_TYPE: AccountTypeId = 'individual';

/** Order status on the user dashboard's 'My Plates & Orders' table. */
export const USER_ORDER_STATUSES = ['Active', 'Pending', 'Printed'] as const;
export type UserOrderStatus = (typeof USER_ORDER_STATUSES)[number];

export const AGENT_ORDER_STATUSES = ['Pending', 'Fulfilled'] as const;
export type AgentOrderStatus = (typeof AGENT_ORDER_STATUSES)[number];

/** Free selection by the agent; no order is enforced between them. */
export const MANUFACTURING_STATUSES = ['In Production', 'Printed', 'Ready for Collection', 'Collected'] as const;
export type ManufacturingStatus = (typeof MANUFACTURING_STATUSES)[number];
export const DEFAULT_MANUFACTURING_STATUS: ManufacturingStatus = 'In Production';

export const AGENT_INVENTORY_ITEM_TYPES = ['Plate Blanks', 'Raw Materials'] as const;
export type AgentInventoryItemType = (typeof AGENT_INVENTORY_ITEM_TYPES)[number];

export const LOG_LEVELS = ['INFO', 'WARNING', 'ERROR', 'SUCCESS'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// The spec's sample results only show Valid and Expired; the others are what a real
// verification must be able to say about a plate.
// Not yet issued: a number held for its owner whose plate is not registered to a vehicle (docs/plate-lifecycle.md).
export const VERIFICATION_VERDICTS = [
  'Valid',
  'Expired',
  'Revoked',
  'Stolen',
  'Not authentic',
  'Unknown plate',
  'Not yet issued',
] as const;
export type VerificationVerdict = (typeof VERIFICATION_VERDICTS)[number];

export const COMPLIANCE_STATUSES = ['Compliant', 'Non-Compliant'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** Compliance column of the user dashboard's 'Vehicles & Fleet' table. */
export const FLEET_COMPLIANCE = ['Good', 'Warning'] as const;
export type FleetCompliance = (typeof FLEET_COMPLIANCE)[number];

export const DASHBOARD_PERIODS = [
  { id: 'last7days', label: 'Last 7 Days' },
  { id: 'last30days', label: 'Last 30 Days' },
  { id: 'last3months', label: 'Last 3 Months' },
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export type DashboardPeriodId = DashboardPeriod['id'];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriodId = 'last30days';

export const REPORT_PERIODS = [
  ...DASHBOARD_PERIODS,
  { id: 'last6months', label: 'Last 6 Months' },
  { id: 'lastyear', label: 'Last Year' },
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export type ReportPeriodId = ReportPeriod['id'];
export const DEFAULT_REPORT_PERIOD: ReportPeriodId = 'last30days';

export const REPORT_TYPES = [
  'Overview',
  'Users Report',
  'Requests Report',
  'Inventory Report',
  'System Report',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const DEFAULT_REPORT_TYPE: ReportType = 'Overview';

/** View selector of the admin System Dashboard. */
export const ADMIN_DASHBOARD_VIEWS = ['overview', 'users', 'requests', 'inventory'] as const;
export type AdminDashboardView = (typeof ADMIN_DASHBOARD_VIEWS)[number];
export const DEFAULT_ADMIN_DASHBOARD_VIEW: AdminDashboardView = 'overview';
