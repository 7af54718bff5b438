// Insurance policies on registered plates: the two kinds of cover, the status (Expired is
// read from the end date, never stored), a renewal's new term, and the cover a roadside
// check reports. Dates are YYYY-MM-DD calendar days; `today` is passed in. The rules of
// the forms an agent fills in (zod) are in policy.ts, so the insurance screens need no zod.
import { formatDay } from '../dates/calendar-day';
import type { Ngwee } from '../money/money';
import { isCalendarDate } from '../validation/calendar-date';

export const POLICY_TYPES = ['Third Party', 'Comprehensive'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

export const POLICY_STATUSES = ['Active', 'Expired', 'Cancelled'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** The longest term one policy may have; a longer cover is a renewal. */
export const MAX_TERM_DAYS = 366;
/** The largest premium accepted, K1,000,000: anything above is a typing mistake. */
export const MAX_PREMIUM_NGWEE = 100_000_000;
export const EXPIRING_SOON_DAYS = 30;

export const POLICY_ISSUED = 'Policy issued';
export const POLICY_NOT_YOURS = 'This policy is not in your list.';
export const POLICY_NEEDS_CONNECTION =
  'Issuing, renewing or cancelling a policy needs a connection. Nothing was changed; try again when you are back online.';

export interface InsurancePolicy {
  id: string;
  /** POL-000001: issued by the server. */
  policyNumber: string;
  agentId: string;
  customerId: string;
  plateNumber: string;
  type: PolicyType;
  startDate: string;
  endDate: string;
  premium: Ngwee;
  /** The insurer named on the cover: the agent's business, or the agent. */
  insurer: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** The policy this one renews. */
  renewedFrom: string | null;
  createdAt: string;
  updatedAt: string;
}

const DAY_MS = 24 * 3600 * 1000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The same day a year later, less one day: a one-year term (28 February for a 29 February start, less a day). */
export function oneYearTermEnd(start: string): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  const sameDay = new Date(Date.UTC(year + 1, month - 1, Math.min(day, last))).toISOString().slice(0, 10);
  return addDays(sameDay, -1);
}

/** What is wrong with a term, or null: the end after the start, at most a year and a day. */
export function termProblem(startDate: string, endDate: string): string | null {
  if (!isCalendarDate(startDate) || !isCalendarDate(endDate)) return null;
  const days = daysBetween(startDate, endDate);
  if (days < 1) return 'End date must be after the start date';
  if (days >= MAX_TERM_DAYS) return 'A policy covers at most one year; renew it for a further term';
  return null;
}

export function policyStatus(policy: Pick<InsurancePolicy, 'endDate' | 'cancelledAt'>, today: string): PolicyStatus {
  if (policy.cancelledAt !== null) return 'Cancelled';
  return today > policy.endDate ? 'Expired' : 'Active';
}

/** Whether the policy covers the plate on `today`: not cancelled, started, not ended. */
export function coversOn(
  policy: Pick<InsurancePolicy, 'startDate' | 'endDate' | 'cancelledAt'>,
  today: string,
): boolean {
  return policy.cancelledAt === null && policy.startDate <= today && today <= policy.endDate;
}

/** Active and ending within `days` days of today (today included). */
export function isExpiringWithin(
  policy: Pick<InsurancePolicy, 'endDate' | 'cancelledAt'>,
  today: string,
  days = EXPIRING_SOON_DAYS,
): boolean {
  return policyStatus(policy, today) === 'Active' && daysBetween(today, policy.endDate) <= days;
}

/** A renewal's term: a year from the day after the old end, or from today when the old one has already ended. */
export function renewalTerm(
  policy: Pick<InsurancePolicy, 'endDate'>,
  today: string,
): { startDate: string; endDate: string } {
  const dayAfter = addDays(policy.endDate, 1);
  const startDate = dayAfter > today ? dayAfter : today;
  return { startDate, endDate: oneYearTermEnd(startDate) };
}

/** Whether two terms share a day. */
export function termsOverlap(
  a: { startDate: string; endDate: string },
  b: { startDate: string; endDate: string },
): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

/** POL-000001 from the sequence's value. */
export function policyNumberFrom(sequence: number): string {
  return `POL-${String(sequence).padStart(6, '0')}`;
}

/** What a roadside check says of a plate's cover: the policy reaching furthest among those covering today. */
export interface Cover {
  insurer: string;
  policyNumber: string;
  until: string;
}

export function coverOn(
  policies: ReadonlyArray<Pick<InsurancePolicy, 'insurer' | 'policyNumber' | 'startDate' | 'endDate' | 'cancelledAt'>>,
  today: string,
): Cover | null {
  let best: Cover | null = null;
  for (const policy of policies) {
    if (!coversOn(policy, today)) continue;
    if (best === null || policy.endDate > best.until)
      best = { insurer: policy.insurer, policyNumber: policy.policyNumber, until: policy.endDate };
  }
  return best;
}

/** Why a plate cannot be insured (not registered, revoked, stolen, registration ended), or null. */
export function plateProblem(
  plateNumber: string,
  plate: { standing: 'Valid' | 'Revoked' | 'Stolen'; expiryDate: string } | undefined,
  today: string,
): string | null {
  if (!plate)
    return `${plateNumber} is not in the registry: only a registered plate can be insured. Check the number on the vehicle's plate.`;
  if (plate.standing === 'Revoked') return `${plateNumber} has been revoked: it cannot be insured.`;
  if (plate.standing === 'Stolen') return `${plateNumber} is reported stolen: it cannot be insured.`;
  if (plate.expiryDate < today)
    return `${plateNumber}'s registration expired on ${formatDay(plate.expiryDate)}: it must be renewed before the plate can be insured.`;
  return null;
}

/** Why a new term clashes with the agent's other live policies on the plate, or null. */
export function overlapProblem(
  plateNumber: string,
  term: { startDate: string; endDate: string },
  others: ReadonlyArray<Pick<InsurancePolicy, 'policyNumber' | 'startDate' | 'endDate' | 'cancelledAt'>>,
): string | null {
  const clash = others.find((other) => other.cancelledAt === null && termsOverlap(term, other));
  return clash
    ? `${plateNumber} is already covered by policy ${clash.policyNumber} from ${formatDay(clash.startDate)} to ${formatDay(clash.endDate)}. Renew or cancel that policy instead.`
    : null;
}
