// A plate's insurance cover as the registry's copies carry it: the terms of the policies
// that are not cancelled (officers' device copies, the owner's view of their plate), from
// which a device reads the cover on its own day, so a policy passing its end date needs
// no job and no new copy. One rule picks the cover and one function words it, for the
// online verdict, the offline verdict and the owner's dashboard alike.
import type { ClaimStatus } from '../insurance/claim-steps';
import type { PolicyType } from '../insurance/policy';
import type { Ngwee } from '../money/money';

/** One policy's term: who insures the plate, from which day to which day (YYYY-MM-DD, both included). */
export interface CoverTerm {
  insurer: string;
  startDate: string;
  endDate: string;
}

/** A term as the owner sees it: with the policy's number and kind, who holds it, and the owner's dispute. */
export interface OwnerCoverTerm extends CoverTerm {
  policyNumber: string;
  type: PolicyType;
  /** The policy holder's name (absent on views sent before it was part of them). */
  holder?: string;
  /** When the owner disputed the policy; null (or absent) when they have not. */
  disputedAt?: string | null;
  /** The claims made on the policy, with their money (absent on views sent before claims were part of them). */
  claims?: OwnerClaimView[];
}

/** A claim on a policy as the plate's owner sees it (read-only): its state and its amounts in ngwee. */
export interface OwnerClaimView {
  claimNumber: string;
  status: ClaimStatus;
  incidentDate: string;
  claimedAmount: Ngwee | null;
  assessedAmount: Ngwee | null;
  approvedAmount: Ngwee | null;
  paidAmount: Ngwee | null;
  paymentMethod: string | null;
  paymentReference: string | null;
  paidOn: string | null;
}

/** What a check says of the plate's cover on a day: until when and by whom (and the kind, for the owner), or none. */
export type CoverOnDay = { insurer: string; until: string; type?: PolicyType } | 'none';

export const NO_VALID_INSURANCE = 'No valid insurance';

/** Whether the term covers `today`. */
export function termCovers(term: CoverTerm, today: string): boolean {
  return term.startDate <= today && today <= term.endDate;
}

/**
 * The term covering `today` that reaches furthest, or null: the same rule as the server's
 * roadside cover (coverOn in src/domain/insurance/policy.ts), over terms of policies that
 * are not cancelled.
 */
export function coveringTerm<T extends CoverTerm>(terms: readonly T[], today: string): T | null {
  let best: T | null = null;
  for (const term of terms) {
    if (termCovers(term, today) && (best === null || term.endDate > best.endDate)) best = term;
  }
  return best;
}

/** The cover on `today` from the terms; the owner's terms also say the policy's kind. */
export function coverOnDay(terms: readonly (CoverTerm | OwnerCoverTerm)[], today: string): CoverOnDay {
  const term = coveringTerm(terms, today);
  if (term === null) return 'none';
  return 'type' in term
    ? { insurer: term.insurer, until: term.endDate, type: term.type }
    : { insurer: term.insurer, until: term.endDate };
}

/**
 * The words for a cover: "Insured until 22 Mar 2027 (Madison General Insurance)", with the
 * kind for the owner ("…, Comprehensive)"), or "No valid insurance". How a day reads is the
 * screen's (`formatDay`), so the line matches the dates around it.
 */
export function coverText(cover: CoverOnDay, formatDay: (date: string) => string): string {
  if (cover === 'none') return NO_VALID_INSURANCE;
  return `Insured until ${formatDay(cover.until)} (${cover.insurer}${cover.type ? `, ${cover.type}` : ''})`;
}
