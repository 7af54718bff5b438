import { describe, expect, it } from 'vitest';
import { claimsOverview } from '../../../src/domain/insurance/overview';
import type { ClaimStatus } from '../../../src/domain/insurance/claim';

const claim = (id: string, status: ClaimStatus, createdAt: string, paidAt: string | null = null) => ({
  id,
  status,
  createdAt,
  paidAt,
});

describe('claims overview', () => {
  it('counts open claims and claims paid this month, and lists the newest first', () => {
    const claims = [
      claim('1', 'Submitted', '2026-11-01T08:00:00Z'),
      claim('2', 'Under Assessment', '2026-11-03T08:00:00Z'),
      claim('3', 'Approved', '2026-10-20T08:00:00Z'),
      claim('4', 'Rejected', '2026-11-05T08:00:00Z'),
      claim('5', 'Paid', '2026-10-01T08:00:00Z', '2026-11-10T09:00:00Z'),
      claim('6', 'Paid', '2026-09-01T08:00:00Z', '2026-10-30T09:00:00Z'),
    ];
    const overview = claimsOverview(claims, '2026-11-24', 3);
    expect(overview.openClaims).toBe(3);
    expect(overview.paidThisMonth).toBe(1);
    expect(overview.latest.map((item) => item.id)).toEqual(['4', '2', '1']);
  });

  it('is all zeros with no claims', () => {
    expect(claimsOverview([], '2026-11-24')).toEqual({ openClaims: 0, paidThisMonth: 0, latest: [] });
  });
});
