import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPE_IDS,
  ACCOUNT_TYPES,
  AGENT_INVENTORY_ITEM_TYPES,
  AGENT_ORDER_STATUSES,
  COMPLIANCE_STATUSES,
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  DEFAULT_MANUFACTURING_STATUS,
  DEFAULT_REPORT_PERIOD,
  DEFAULT_REPORT_TYPE,
  FLEET_COMPLIANCE,
  INVENTORY_PLATE_TYPES,
  isOneOf,
  LOG_LEVELS,
  MANUFACTURING_STATUSES,
  MARKETPLACE_PLATE_TYPES,
  PLATE_STATUSES,
  REPORT_PERIODS,
  REPORT_TYPES,
  REQUEST_STATUSES,
  STOCK_STATUSES,
  USER_ORDER_STATUSES,
  USER_STATUSES,
  USER_TYPES,
  VERIFICATION_VERDICTS,
} from '#domain/statuses/statuses';

describe('status lists', () => {
  it('lists plate statuses and plate types as the spec names them', () => {
    expect(PLATE_STATUSES).toEqual(['Available', 'Reserved', 'Sold']);
    expect(MARKETPLACE_PLATE_TYPES).toEqual([
      'Private',
      'Commercial',
      'Government',
      'Diplomatic',
      'Premium',
      'Personalized',
    ]);
    expect(INVENTORY_PLATE_TYPES).toEqual([
      'Standard',
      'Commercial',
      'Personalized',
      'Diplomatic',
      'Government',
      'Military',
    ]);
  });

  it('lists request, stock, user and order statuses', () => {
    expect(REQUEST_STATUSES).toEqual(['Pending', 'Under Review', 'Approved', 'Rejected']);
    expect(STOCK_STATUSES).toEqual(['In Stock', 'Low Stock', 'Critical', 'Out of Stock']);
    expect(USER_STATUSES).toEqual(['Active', 'Suspended', 'Inactive', 'Pending']);
    expect(USER_TYPES).toEqual(['Customer', 'AGENT', 'INSURANCE_AGENT', 'POLICE', 'ADMIN']);
    expect(USER_ORDER_STATUSES).toEqual(['Active', 'Pending', 'Printed']);
    expect(AGENT_ORDER_STATUSES).toEqual(['Pending', 'Fulfilled']);
  });

  it('starts manufacturing in production', () => {
    expect(MANUFACTURING_STATUSES).toEqual(['In Production', 'Printed', 'Ready for Collection', 'Collected']);
    expect(DEFAULT_MANUFACTURING_STATUS).toBe('In Production');
  });

  it('lists agent inventory items, log levels, verdicts and compliance values', () => {
    expect(AGENT_INVENTORY_ITEM_TYPES).toEqual(['Plate Blanks', 'Raw Materials']);
    expect(LOG_LEVELS).toEqual(['INFO', 'WARNING', 'ERROR', 'SUCCESS']);
    expect(VERIFICATION_VERDICTS).toEqual([
      'Valid',
      'Expired',
      'Revoked',
      'Stolen',
      'Not authentic',
      'Unknown plate',
      'Not yet issued',
    ]);
    expect(COMPLIANCE_STATUSES).toEqual(['Compliant', 'Non-Compliant']);
    expect(FLEET_COMPLIANCE).toEqual(['Good', 'Warning']);
  });

  it('labels the sign-up account types, with ids matching the id tuple in order', () => {
    expect(ACCOUNT_TYPES).toEqual([
      { id: 'individual', label: 'Individual Driver' },
      { id: 'fleet', label: 'Fleet Owner' },
      { id: 'corporate', label: 'Corporate Account' },
      { id: 'agent', label: 'Agent (Plate Maker)' },
      { id: 'law', label: 'Law Enforcement' },
    ]);
    expect(ACCOUNT_TYPES.map((type) => type.id)).toEqual([...ACCOUNT_TYPE_IDS]);
  });

  it('defaults dashboards and reports to the last 30 days, with reports offering two longer periods', () => {
    expect(DASHBOARD_PERIODS.map((period) => period.id)).toEqual(['last7days', 'last30days', 'last3months']);
    expect(DASHBOARD_PERIODS.map((period) => period.label)).toEqual(['Last 7 Days', 'Last 30 Days', 'Last 3 Months']);
    expect(DEFAULT_DASHBOARD_PERIOD).toBe('last30days');
    expect(REPORT_PERIODS.map((period) => period.label)).toEqual([
      'Last 7 Days',
      'Last 30 Days',
      'Last 3 Months',
      'Last 6 Months',
      'Last Year',
    ]);
    expect(REPORT_PERIODS.slice(3).map((period) => period.id)).toEqual(['last6months', 'lastyear']);
    expect(DEFAULT_REPORT_PERIOD).toBe('last30days');
  });

  it('offers the five report types with Overview first and default', () => {
    expect(REPORT_TYPES).toEqual(['Overview', 'Users Report', 'Requests Report', 'Inventory Report', 'System Report']);
    expect(DEFAULT_REPORT_TYPE).toBe('Overview');
  });
});

describe('isOneOf', () => {
  it('accepts members of the list', () => {
    expect(isOneOf(PLATE_STATUSES, 'Sold')).toBe(true);
    expect(isOneOf(REQUEST_STATUSES, 'Under Review')).toBe(true);
  });

  it('rejects other strings, other cases and non-strings', () => {
    expect(isOneOf(PLATE_STATUSES, 'sold')).toBe(false);
    expect(isOneOf(PLATE_STATUSES, '')).toBe(false);
    expect(isOneOf(PLATE_STATUSES, 3)).toBe(false);
    expect(isOneOf(PLATE_STATUSES, undefined)).toBe(false);
  });

  it('narrows the value to the list type', () => {
    const value: unknown = 'Reserved';
    if (isOneOf(PLATE_STATUSES, value)) {
      const status: (typeof PLATE_STATUSES)[number] = value;
      expect(status).toBe('Reserved');
    } else {
      expect.unreachable();
    }
  });
});
