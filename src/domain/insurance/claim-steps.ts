// Insurance claims on an agent's policies: what the agent records at the scene (often
// offline), the steps a claim goes through and who may take each, and the rules for the
// photos that go with it. Dates are YYYY-MM-DD calendar days; `today` and times are passed in.
// The forms' and requests' rules (zod) are in claim.ts, so the claims screens need no zod.
import { formatDay } from '../dates/calendar-day';
import { isCalendarDate } from '../validation/calendar-date';
import { formatKwacha, ngwee } from '../money/money';
import {
  approvalProblem,
  type ClaimAmounts,
  type ClaimPaymentInput,
  type ClaimPaymentMethod,
  claimAmountProblem,
  type PaymentField,
  paymentProblems,
} from './claim-amounts';

export const CLAIM_STATUSES = ['Submitted', 'Under Assessment', 'Approved', 'Rejected', 'Paid'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Rejected and Paid end a claim; a claim is edited (details, more photos) only before a decision. */
export const OPEN_CLAIM_STATUSES: readonly ClaimStatus[] = ['Submitted', 'Under Assessment', 'Approved'];
export const EDITABLE_CLAIM_STATUSES: readonly ClaimStatus[] = ['Submitted', 'Under Assessment'];

export const CLAIM_STEPS = ['assess', 'assessment', 'approve', 'reject', 'pay'] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];

/** Each step: the state it starts from, the state it leads to, and its name on a button. Recording the assessment keeps the claim Under Assessment (it may be recorded again). */
export const STEP_RULES: Readonly<Record<ClaimStep, { from: ClaimStatus; to: ClaimStatus; label: string }>> = {
  assess: { from: 'Submitted', to: 'Under Assessment', label: 'Start Assessment' },
  assessment: { from: 'Under Assessment', to: 'Under Assessment', label: 'Record Assessment' },
  approve: { from: 'Under Assessment', to: 'Approved', label: 'Approve' },
  reject: { from: 'Under Assessment', to: 'Rejected', label: 'Reject' },
  pay: { from: 'Approved', to: 'Paid', label: 'Mark Paid' },
};

/** The most photos one claim carries: enough for every side of two vehicles and the scene, and 20 MB at most per claim. */
export const MAX_PHOTOS_PER_CLAIM = 20;
/** A photo's longest side after resizing on the device. */
export const MAX_PHOTO_SIDE = 1600;
/** A photo's size after resizing: 1 MB (1,048,576 bytes). */
export const MAX_PHOTO_BYTES = 1024 * 1024;
/** Photos travel as JPEG: the device re-encodes whatever the camera gave. */
export const PHOTO_CONTENT_TYPE = 'image/jpeg';

export const CLAIM_NOT_YOURS = 'This claim is not in your list.';
export const CLAIM_STEP_NEEDS_CONNECTION =
  'Moving a claim to its next step needs a connection: the server checks its state and tells the policy holder. Nothing was changed; try again when you are back online.';
export const REJECT_REASON_REQUIRED = 'Give the reason for rejecting the claim';
export const photoLimitMessage = `A claim carries at most ${MAX_PHOTOS_PER_CLAIM} photos.`;
export const claimNotEditableMessage = (claimNumber: string, status: ClaimStatus) =>
  `Claim ${claimNumber} is ${status}: it can no longer be changed.`;
export const unknownOtherPlateMessage = (plateNumber: string) =>
  `${plateNumber} is not in the registry. Check the other party's plate, or leave it empty if you do not know it.`;

/** A photo as the claim records it: its content's SHA-256 (its id: the same picture is never kept twice) and its size. */
export interface ClaimPhotoInput {
  sha256: string;
  size: number;
  width: number;
  height: number;
}

/** A photo of a claim as the server knows it: declared with the claim, complete when all its bytes arrived and matched. */
export interface ClaimPhoto extends ClaimPhotoInput {
  isComplete: boolean;
}

export interface InsuranceClaim extends ClaimAmounts {
  id: string;
  /** CLM-000001: issued by the server when it first receives the claim. */
  claimNumber: string;
  agentId: string;
  policyId: string;
  customerId: string;
  plateNumber: string;
  incidentDate: string;
  incidentPlace: string;
  description: string;
  otherPartyPlate: string | null;
  status: ClaimStatus;
  rejectReason: string | null;
  photos: ClaimPhoto[];
  /** When each step was taken (ISO times), by step. */
  assessedAt: string | null;
  decidedAt: string | null;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Why an incident date does not fit the policy (before its start, after its end or cancellation) or is in the future; null when it fits. */
export function claimDateProblem(
  incidentDate: string,
  policy: { policyNumber: string; startDate: string; endDate: string; cancelledAt: string | null },
  today: string,
): string | null {
  if (!isCalendarDate(incidentDate)) return null;
  if (incidentDate > today) return 'Incident date cannot be in the future';
  if (incidentDate < policy.startDate)
    return `Incident date cannot be before policy ${policy.policyNumber} started (${formatDay(policy.startDate)})`;
  if (incidentDate > policy.endDate)
    return `Policy ${policy.policyNumber} ended on ${formatDay(policy.endDate)}: it does not cover a later incident`;
  const cancelledOn = policy.cancelledAt?.slice(0, 10);
  if (cancelledOn !== undefined && incidentDate > cancelledOn)
    return `Policy ${policy.policyNumber} was cancelled on ${formatDay(cancelledOn)}: it does not cover a later incident`;
  return null;
}

/** Who asks for a step: their account and roles. */
export interface ClaimActor {
  id: string;
  roles: readonly string[];
}

/** Only the claim's own insurance agent moves it on. */
export function mayStepClaim(actor: ClaimActor, claim: Pick<InsuranceClaim, 'agentId'>): boolean {
  return actor.roles.includes('insurance_agent') && actor.id === claim.agentId;
}

/** The steps open to a claim in its status (for its own agent). */
export function nextSteps(status: ClaimStatus): ClaimStep[] {
  return CLAIM_STEPS.filter((step) => STEP_RULES[step].from === status);
}

export type ClaimState = Pick<
  InsuranceClaim,
  'agentId' | 'claimNumber' | 'status' | 'rejectReason' | 'assessedAt' | 'decidedAt' | 'paidAt'
> &
  Partial<ClaimAmounts>;

/** What a step brings: the reason of a rejection, the amount of an assessment or approval, the payment. */
export interface ClaimStepDetails extends Partial<ClaimPaymentInput> {
  step: ClaimStep;
  reason?: string;
  assessedAmount?: number;
  approvedAmount?: number;
}

export type TransitionResult<State extends ClaimState> =
  | { ok: true; claim: State }
  | {
      ok: false;
      reason: 'not-yours' | 'wrong-state' | 'reason-required' | 'amount';
      message: string;
      /** The fields at fault (a step's amounts and payment). */
      fields?: Partial<Record<'assessedAmount' | 'approvedAmount' | PaymentField, string>>;
    };

/**
 * A step taken on a claim: the claim as it becomes, or why not (not the actor's claim, not
 * from this state, no reason for a rejection, an amount or payment that breaks the rules of
 * claim-amounts.ts). `latestDay` is the last day a payment may carry (the server's day, a day ahead).
 */
export function transitionClaim<State extends ClaimState>(
  claim: State,
  request: ClaimStepDetails,
  actor: ClaimActor,
  at: string,
  latestDay: string = at.slice(0, 10),
): TransitionResult<State> {
  if (!mayStepClaim(actor, claim)) return { ok: false, reason: 'not-yours', message: CLAIM_NOT_YOURS };
  const rule = STEP_RULES[request.step];
  if (claim.status !== rule.from) {
    return {
      ok: false,
      reason: 'wrong-state',
      message: `Claim ${claim.claimNumber} is ${claim.status}: ${rule.label} applies to a claim that is ${rule.from}.`,
    };
  }
  const reason = request.reason?.trim() ?? '';
  if (request.step === 'reject' && reason === '')
    return { ok: false, reason: 'reason-required', message: REJECT_REASON_REQUIRED };
  switch (request.step) {
    case 'assess':
      return { ok: true, claim: { ...claim, status: rule.to, assessedAt: at } };
    case 'assessment': {
      const amount = request.assessedAmount ?? Number.NaN;
      const problem = claimAmountProblem('assessed', amount);
      if (problem) return { ok: false, reason: 'amount', message: problem, fields: { assessedAmount: problem } };
      return { ok: true, claim: { ...claim, assessedAmount: ngwee(amount) } };
    }
    case 'approve': {
      const amount = request.approvedAmount ?? Number.NaN;
      const problem = approvalProblem(amount, {
        claimedAmount: claim.claimedAmount ?? null,
        assessedAmount: claim.assessedAmount ?? null,
      });
      if (problem) return { ok: false, reason: 'amount', message: problem, fields: { approvedAmount: problem } };
      return { ok: true, claim: { ...claim, status: rule.to, decidedAt: at, approvedAmount: ngwee(amount) } };
    }
    case 'reject':
      return { ok: true, claim: { ...claim, status: rule.to, rejectReason: reason, decidedAt: at } };
    case 'pay': {
      const payment: ClaimPaymentInput = {
        paidAmount: request.paidAmount ?? Number.NaN,
        paymentMethod: request.paymentMethod ?? '',
        paymentReference: request.paymentReference ?? '',
        paidOn: request.paidOn ?? '',
      };
      const problems = paymentProblems(
        payment,
        { approvedAmount: claim.approvedAmount ?? null, decidedAt: claim.decidedAt },
        latestDay,
      );
      if (problems) {
        const message = Object.values(problems)[0] ?? 'Check the payment';
        return { ok: false, reason: 'amount', message, fields: problems };
      }
      return {
        ok: true,
        claim: {
          ...claim,
          status: rule.to,
          paidAt: at,
          paidAmount: ngwee(payment.paidAmount),
          // paymentProblems checked it is one of the methods.
          paymentMethod: payment.paymentMethod as ClaimPaymentMethod,
          paymentReference: payment.paymentReference.trim(),
          paidOn: payment.paidOn,
        },
      };
    }
  }
}

/** What the policy holder is told after each step. */
export function claimStepNotice(
  claim: Pick<InsuranceClaim, 'claimNumber' | 'plateNumber' | 'status' | 'rejectReason'> &
    Partial<Pick<ClaimAmounts, 'approvedAmount' | 'paidAmount' | 'paymentMethod' | 'paymentReference' | 'paidOn'>>,
  insurer: string,
): { title: string; body: string } {
  const about = `your claim ${claim.claimNumber} for ${claim.plateNumber}`;
  const approved = claim.approvedAmount != null ? ` for ${formatKwacha(claim.approvedAmount)}` : '';
  switch (claim.status) {
    case 'Under Assessment':
      return {
        title: `Claim ${claim.claimNumber} is being assessed`,
        body: `${insurer} has started assessing ${about}.`,
      };
    case 'Approved':
      return {
        title: `Claim ${claim.claimNumber} approved`,
        body: `${insurer} has approved ${about}${approved}. You will be told when it is paid.`,
      };
    case 'Rejected':
      return {
        title: `Claim ${claim.claimNumber} rejected`,
        body: `${insurer} has rejected ${about}. Reason: ${claim.rejectReason ?? ''}`,
      };
    case 'Paid':
      return {
        title: `Claim ${claim.claimNumber} paid`,
        body:
          claim.paidAmount != null
            ? `${insurer} has paid ${about}: ${formatKwacha(claim.paidAmount)} by ${claim.paymentMethod ?? 'payment'} on ${formatDay(claim.paidOn ?? null)} (reference ${claim.paymentReference ?? ''}).`
            : `${insurer} has paid ${about}.`,
      };
    case 'Submitted':
      return { title: `Claim ${claim.claimNumber} received`, body: `${insurer} has recorded ${about}.` };
  }
}

/** CLM-000001 from the sequence's value. */
export function claimNumberFrom(sequence: number): string {
  return `CLM-${String(sequence).padStart(6, '0')}`;
}

/** Whether a claim matches a search: claim number, plate, other party's plate, place or holder's name. */
export function claimMatches(
  claim: Pick<InsuranceClaim, 'claimNumber' | 'plateNumber' | 'otherPartyPlate' | 'incidentPlace'>,
  holderName: string,
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  const compact = needle.replace(/[\s-]/g, '');
  const plate = (value: string | null) => (value ?? '').toLowerCase().replace(/-/g, '').includes(compact);
  return (
    claim.claimNumber.toLowerCase().includes(needle) ||
    plate(claim.plateNumber) ||
    plate(claim.otherPartyPlate) ||
    claim.incidentPlace.toLowerCase().includes(needle) ||
    holderName.toLowerCase().includes(needle)
  );
}

/** A photo's size to draw at: the longest side at most `maxSide`, the shape kept, never enlarged. */
export function fitWithin(width: number, height: number, maxSide = MAX_PHOTO_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG qualities tried in turn until a photo fits in MAX_PHOTO_BYTES. */
export const JPEG_QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45] as const;

/**
 * What to try after an encoding came out too large: the next lower quality at the same
 * size, then, when the qualities run out, the lowest but one at four fifths of the size
 * (a detailed scene at 1600 px may not fit in 1 MB at any quality worth keeping).
 */
export function nextEncoding(current: { width: number; height: number; quality: number }): {
  width: number;
  height: number;
  quality: number;
} {
  const index = JPEG_QUALITIES.findIndex((quality) => quality === current.quality);
  if (index >= 0 && index < JPEG_QUALITIES.length - 1)
    return { ...current, quality: JPEG_QUALITIES[index + 1] ?? current.quality };
  return {
    width: Math.max(1, Math.floor(current.width * 0.8)),
    height: Math.max(1, Math.floor(current.height * 0.8)),
    quality: JPEG_QUALITIES[JPEG_QUALITIES.length - 2] ?? 0.55,
  };
}

/** Storage on the device: warn when less than this is left, or when this share of the quota is used. */
export const STORAGE_WARN_FREE_BYTES = 50 * 1024 * 1024;
export const STORAGE_WARN_USED_SHARE = 0.9;

/** Whether the device's storage is running out, from navigator.storage.estimate(). */
export function storageRunningOut(estimate: { usage: number; quota: number }): boolean {
  if (estimate.quota <= 0) return false;
  return (
    estimate.quota - estimate.usage < STORAGE_WARN_FREE_BYTES ||
    estimate.usage / estimate.quota >= STORAGE_WARN_USED_SHARE
  );
}
