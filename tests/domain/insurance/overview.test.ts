import { describe, expect, it } from 'vitest';
import { ngwee } from '../../../src/domain/money/money';
import { insuranceOverview } from '../../../src/domain/insurance/overview';
import type { InsurancePolicy } from '../../../src/domain/insurance/policy';

const policy = (
  id: string,
  endDate: string,
  createdAt: string,
  cancelledAt: string | null = null,
): InsurancePolicy => ({
  id,
  policyNumber: `POL-${id}`,
  agentId: 'agent',
  customerId: 'customer',
  plateNumber: 'ZM-123-ABC',
  type: 'Comprehensive',
  startDate: '2026-01-01',
  endDate,
  premium: ngwee(150_000),
  insurer: 'Madison Insurance',
  cancelledAt,
  cancelReason: cancelledAt ? 'Sold the car' : null,
  renewedFrom: null,
  createdAt,
  updatedAt: createdAt,
});

describe('insurance overview', () => {
  it('counts active and soon-expiring policies and lists the newest first', () => {
    const policies = [
      policy('1', '2027-06-01', '2026-01-01T00:00:00Z'),
      policy('2', '2026-12-10', '2026-03-01T00:00:00Z'),
      policy('3', '2026-10-01', '2026-02-01T00:00:00Z'),
      policy('4', '2027-06-01', '2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z'),
    ];
    const overview = insuranceOverview(policies, 3, '2026-11-24', 3);
    expect(overview).toMatchObject({ activePolicies: 2, expiringSoon: 1, customers: 3 });
    expect(overview.latest.map((item) => item.id)).toEqual(['4', '2', '3']);
  });
});
