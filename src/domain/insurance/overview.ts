// The insurance agent's overview figures, computed from their own customers and policies.
import { type InsurancePolicy, isExpiringWithin, policyStatus } from './policy';

export interface InsuranceOverview {
  activePolicies: number;
  expiringSoon: number;
  customers: number;
  /** Newest first. */
  latest: InsurancePolicy[];
}

export function insuranceOverview(policies: readonly InsurancePolicy[], customerCount: number, today: string, latestCount = 5): InsuranceOverview {
  let activePolicies = 0;
  let expiringSoon = 0;
  for (const policy of policies) {
    if (policyStatus(policy, today) === 'Active') activePolicies += 1;
    if (isExpiringWithin(policy, today)) expiringSoon += 1;
  }
  const latest = [...policies].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1)).slice(0, latestCount);
  return { activePolicies, expiringSoon, customers: customerCount, latest };
}
