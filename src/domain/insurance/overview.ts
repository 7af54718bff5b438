// The insurance agent's overview figures, computed from their own customers, policies and claims.
import { type InsuranceClaim, OPEN_CLAIM_STATUSES } from './claim-steps';
import { type InsurancePolicy, isExpiringWithin, policyStatus } from './policy-terms';

export interface InsuranceOverview {
  activePolicies: number;
  expiringSoon: number;
  customers: number;
  /** Newest first. */
  latest: InsurancePolicy[];
}

export function insuranceOverview(
  policies: readonly InsurancePolicy[],
  customerCount: number,
  today: string,
  latestCount = 5,
): InsuranceOverview {
  let activePolicies = 0;
  let expiringSoon = 0;
  for (const policy of policies) {
    if (policyStatus(policy, today) === 'Active') activePolicies += 1;
    if (isExpiringWithin(policy, today)) expiringSoon += 1;
  }
  const latest = [...policies]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1))
    .slice(0, latestCount);
  return { activePolicies, expiringSoon, customers: customerCount, latest };
}

/** The claim figures of the overview: claims still open (not rejected, not paid), claims paid in today's month, the latest. */
export interface ClaimsOverview<Claim> {
  openClaims: number;
  paidThisMonth: number;
  /** Newest first. */
  latest: Claim[];
}

export function claimsOverview<Claim extends Pick<InsuranceClaim, 'id' | 'status' | 'paidAt' | 'createdAt'>>(
  claims: readonly Claim[],
  today: string,
  latestCount = 5,
): ClaimsOverview<Claim> {
  const month = today.slice(0, 7);
  let openClaims = 0;
  let paidThisMonth = 0;
  for (const claim of claims) {
    if (OPEN_CLAIM_STATUSES.includes(claim.status)) openClaims += 1;
    if (claim.status === 'Paid' && claim.paidAt?.slice(0, 7) === month) paidThisMonth += 1;
  }
  const latest = [...claims]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1))
    .slice(0, latestCount);
  return { openClaims, paidThisMonth, latest };
}
