// A claim's money: the amount claimed, the assessed amount, the approved amount and the
// amount paid, all integer ngwee (ZMW), and how the payment was made. The rules here are the
// ones the server applies to every step (and the device applies early, in its forms):
// decision 059, docs/insurance.md "Amounts".
import { formatLusakaDay } from '../dates/calendar-day';
import { isCalendarDate } from '../validation/calendar-date';
import { formatKwacha, type Ngwee, ngwee } from '../money/money';

/** The largest amount a claim carries, K10,000,000.00: anything above is a typing mistake. */
export const MAX_CLAIM_NGWEE = 1_000_000_000;

/** How an approved claim is paid to the policy holder. */
export const CLAIM_PAYMENT_METHODS = ['Bank transfer', 'Mobile money', 'Cheque'] as const;
export type ClaimPaymentMethod = (typeof CLAIM_PAYMENT_METHODS)[number];

export const MAX_PAYMENT_REFERENCE_LENGTH = 100;

/** The money a claim carries; null until it is known (claims recorded before amounts have none). */
export interface ClaimAmounts {
  claimedAmount: Ngwee | null;
  assessedAmount: Ngwee | null;
  approvedAmount: Ngwee | null;
  paidAmount: Ngwee | null;
  paymentMethod: ClaimPaymentMethod | null;
  paymentReference: string | null;
  /** The day the payment was made (YYYY-MM-DD), as the agent records it. */
  paidOn: string | null;
}

export const NO_CLAIM_AMOUNTS: ClaimAmounts = {
  claimedAmount: null,
  assessedAmount: null,
  approvedAmount: null,
  paidAmount: null,
  paymentMethod: null,
  paymentReference: null,
  paidOn: null,
};

/** Which amount, as the forms and messages name it. */
export type ClaimAmountKind = 'claimed' | 'assessed' | 'approved' | 'paid';
export const CLAIM_AMOUNT_LABELS: Record<ClaimAmountKind, string> = {
  claimed: 'The amount claimed',
  assessed: 'The assessed amount',
  approved: 'The approved amount',
  paid: 'The amount paid',
};

const MAX_TEXT = formatKwacha(ngwee(MAX_CLAIM_NGWEE));

/**
 * Why an amount is out of range, or null: a whole number of ngwee, at most K10,000,000.00,
 * more than K0.00 — except the assessed amount, which may be K0.00 (the damage is not
 * covered, or there is none; the claim is then rejected).
 */
export function claimAmountProblem(kind: ClaimAmountKind, amount: number): string | null {
  const label = CLAIM_AMOUNT_LABELS[kind];
  if (!Number.isSafeInteger(amount)) return `${label} must be a whole number of ngwee`;
  if (kind === 'assessed' ? amount < 0 : amount <= 0)
    return kind === 'assessed' ? `${label} cannot be negative` : `${label} must be more than K0.00`;
  if (amount > MAX_CLAIM_NGWEE) return `${label} must be at most ${MAX_TEXT}`;
  return null;
}

/**
 * An amount typed in kwacha ("12500", "12,500.50", "K12500"), as ngwee, or why not. At most
 * two decimals: a third is a mistake, never rounded away.
 */
export function parseKwachaText(
  text: string,
  kind: ClaimAmountKind,
): { ok: true; value: Ngwee } | { ok: false; error: string } {
  const label = CLAIM_AMOUNT_LABELS[kind];
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: `${label} is required` };
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(trimmed.replace(/^(K|ZMW)\s*/i, '').replace(/,/g, ''));
  if (!match) return { ok: false, error: `${label} must be an amount in kwacha, such as 12500 or 12500.50` };
  const amount = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  const problem = claimAmountProblem(kind, amount);
  return problem ? { ok: false, error: problem } : { ok: true, value: ngwee(amount) };
}

/** An amount in ngwee as the forms show it to be typed again: "12500.50". */
export function kwachaInputText(amount: Ngwee | null): string {
  return amount === null ? '' : (amount / 100).toFixed(2);
}

/**
 * Why a claim cannot be approved for `approved`, or null. The approved amount is at most the
 * assessed amount (the assessor's figure is the ceiling) and at most the amount claimed (the
 * holder is never paid more than they asked); both must be known first.
 */
export function approvalProblem(
  approved: number,
  claim: Pick<ClaimAmounts, 'claimedAmount' | 'assessedAmount'>,
): string | null {
  const range = claimAmountProblem('approved', approved);
  if (range) return range;
  if (claim.claimedAmount === null) return 'Record the amount claimed (Edit Claim) before approving the claim';
  if (claim.assessedAmount === null) return 'Record the assessed amount before approving the claim';
  if (approved > claim.assessedAmount)
    return `The approved amount cannot be more than the assessed amount (${formatKwacha(claim.assessedAmount)})`;
  if (approved > claim.claimedAmount)
    return `The approved amount cannot be more than the amount claimed (${formatKwacha(claim.claimedAmount)})`;
  return null;
}

/** A payment as the agent records it. */
export interface ClaimPaymentInput {
  paidAmount: number;
  paymentMethod: string;
  paymentReference: string;
  paidOn: string;
}

export type PaymentField = keyof ClaimPaymentInput;

/**
 * Why a payment cannot be recorded, by field, or null. A claim is paid once, in full: the
 * amount paid is the approved amount. Paid by one of the methods, with the payment's own
 * reference, on a day not before the approval and not after `latestDay` (the server's day,
 * a day ahead for devices east of UTC).
 */
export function paymentProblems(
  payment: ClaimPaymentInput,
  claim: Pick<ClaimAmounts, 'approvedAmount'> & { decidedAt: string | null },
  latestDay: string,
): Partial<Record<PaymentField, string>> | null {
  const problems: Partial<Record<PaymentField, string>> = {};
  const range = claimAmountProblem('paid', payment.paidAmount);
  if (range) problems.paidAmount = range;
  else if (claim.approvedAmount === null) problems.paidAmount = 'The claim has no approved amount to pay';
  else if (payment.paidAmount !== claim.approvedAmount)
    problems.paidAmount = `The amount paid must be the approved amount, ${formatKwacha(claim.approvedAmount)}: a claim is paid once, in full`;
  if (!(CLAIM_PAYMENT_METHODS as readonly string[]).includes(payment.paymentMethod))
    problems.paymentMethod = `Choose how it was paid: ${CLAIM_PAYMENT_METHODS.join(', ')}`;
  const reference = payment.paymentReference.trim();
  if (reference === '') problems.paymentReference = 'The payment reference is required';
  else if (reference.length > MAX_PAYMENT_REFERENCE_LENGTH)
    problems.paymentReference = `The payment reference must be at most ${MAX_PAYMENT_REFERENCE_LENGTH} characters`;
  if (!isCalendarDate(payment.paidOn)) problems.paidOn = 'The payment date must be a date';
  else if (payment.paidOn > latestDay) problems.paidOn = 'The payment date cannot be in the future';
  else if (claim.decidedAt !== null && payment.paidOn < claim.decidedAt.slice(0, 10))
    problems.paidOn = `The payment date cannot be before the claim was approved (${formatLusakaDay(new Date(claim.decidedAt))})`;
  return Object.keys(problems).length === 0 ? null : problems;
}

/** Sums over a set of claims: what was claimed, approved and paid, and what is approved but not yet paid. */
export interface ClaimTotals {
  claimed: Ngwee;
  approved: Ngwee;
  paid: Ngwee;
  /** Approved and not yet paid. */
  outstanding: Ngwee;
}

/**
 * The totals of the claims: claimed over all (a rejected claim's too: it was asked for);
 * approved over the approved and paid ones; paid over the paid ones.
 */
export function claimTotals(
  claims: readonly (Pick<ClaimAmounts, 'claimedAmount' | 'approvedAmount' | 'paidAmount'> & { status: string })[],
): ClaimTotals {
  let claimed = 0;
  let approved = 0;
  let paid = 0;
  let outstanding = 0;
  for (const claim of claims) {
    claimed += claim.claimedAmount ?? 0;
    if (claim.status === 'Approved' || claim.status === 'Paid') approved += claim.approvedAmount ?? 0;
    if (claim.status === 'Paid') paid += claim.paidAmount ?? 0;
    if (claim.status === 'Approved') outstanding += claim.approvedAmount ?? 0;
  }
  return { claimed: ngwee(claimed), approved: ngwee(approved), paid: ngwee(paid), outstanding: ngwee(outstanding) };
}
