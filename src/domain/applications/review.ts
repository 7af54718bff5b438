// Reviewing plate requests on the admin Plate Requests screen (spec sections 2, 3, 4 and 5):
// approve and reject, singly or in bulk, the list's search and status filter, its summary strip
// and the link one request's QR code carries.
import { searchFinds } from '../orders/order-references';
import { quantityLabel } from './plate-count';
import type { RequestStatus } from '../statuses/statuses';

export interface ApplicationOrderInfo {
  readonly plateType: string;
  readonly color: string;
  readonly specialRequests: string;
  readonly deliveryAddress: string;
  readonly phone: string;
  readonly email: string;
}

export interface ReviewedApplication {
  /** Like REQ-001. */
  readonly id: string;
  readonly applicant: string;
  readonly vehicle: string;
  /** YYYY-MM-DD. */
  readonly date: string;
  readonly status: RequestStatus;
  readonly quantity: number;
  readonly orderInfo: ApplicationOrderInfo;
}

export type ReviewDecision = 'approve' | 'reject';

export interface ReviewContext {
  /** Whether plates for this request are already being made; the server reads it from the agents' records. */
  readonly manufacturingStarted: boolean;
  /** Required to reject; ignored when approving. */
  readonly reason?: string;
}

export type ReviewRefusalReason =
  'already-approved' | 'already-rejected' | 'manufacturing-started' | 'reason-required' | 'reason-too-long';

export type ReviewOutcome =
  | {
      readonly ok: true;
      readonly status: Extract<RequestStatus, 'Approved' | 'Rejected'>;
      readonly rejectionReason: string | null;
    }
  | { readonly ok: false; readonly reason: ReviewRefusalReason; readonly message: string };

export const MAX_REJECTION_REASON_LENGTH = 500;

export const REVIEW_MESSAGES = {
  alreadyApproved: 'This request is already approved.',
  alreadyRejected: 'This request is already rejected.',
  manufacturingStarted: 'Manufacturing of this request has started; it can no longer be approved or rejected.',
  reasonRequired: 'Please give a reason for the rejection',
  reasonTooLong: `The reason must be at most ${MAX_REJECTION_REASON_LENGTH} characters`,
} as const;

/**
 * Approve or reject one request. Following the spec, either decision may be taken from any status,
 * so a rejected request can still be approved and the reverse, except that repeating the current
 * decision is refused (the buttons are disabled for it) and nothing may change once plates are
 * being made: an approval is what lets manufacturing begin, and taking it back afterwards would
 * leave plates made for nobody. Manufacturing is checked first because it is the refusal that
 * holds whatever the admin does next.
 */
export function decide(
  request: Pick<ReviewedApplication, 'status'>,
  decision: ReviewDecision,
  context: ReviewContext,
): ReviewOutcome {
  if (context.manufacturingStarted)
    return { ok: false, reason: 'manufacturing-started', message: REVIEW_MESSAGES.manufacturingStarted };
  if (decision === 'approve') {
    if (request.status === 'Approved')
      return { ok: false, reason: 'already-approved', message: REVIEW_MESSAGES.alreadyApproved };
    return { ok: true, status: 'Approved', rejectionReason: null };
  }
  if (request.status === 'Rejected')
    return { ok: false, reason: 'already-rejected', message: REVIEW_MESSAGES.alreadyRejected };
  const reason = (context.reason ?? '').trim();
  if (reason === '') return { ok: false, reason: 'reason-required', message: REVIEW_MESSAGES.reasonRequired };
  // Counted in characters as a person sees them, so an emoji is one, not two UTF-16 units.
  if ([...reason].length > MAX_REJECTION_REASON_LENGTH)
    return { ok: false, reason: 'reason-too-long', message: REVIEW_MESSAGES.reasonTooLong };
  return { ok: true, status: 'Rejected', rejectionReason: reason };
}

export interface BulkReviewContext {
  readonly manufacturingStartedIds: ReadonlySet<string>;
  /** One reason for every request of a bulk rejection. */
  readonly reason?: string;
}

/**
 * The same decision for each selected request, each judged on its own: one refusal (an already
 * approved request in a bulk approval, say) leaves the others to go through. Outcomes come back in
 * the order of the input.
 */
export function decideMany(
  requests: readonly Pick<ReviewedApplication, 'id' | 'status'>[],
  decision: ReviewDecision,
  context: BulkReviewContext,
): { readonly requestId: string; readonly outcome: ReviewOutcome }[] {
  return requests.map((request) => ({
    requestId: request.id,
    outcome: decide(request, decision, {
      manufacturingStarted: context.manufacturingStartedIds.has(request.id),
      reason: context.reason,
    }),
  }));
}

/** '1 plate', '3 plates' (and '0 plates'). */
export { quantityLabel };

export interface RequestFilters {
  readonly search: string;
  readonly status: RequestStatus | 'all';
}

export const DEFAULT_REQUEST_FILTERS: RequestFilters = { search: '', status: 'all' };

/** The fields the administrator's search reads; the list's own type carries more, and the test samples less. */
export type SearchableRequest = Pick<ReviewedApplication, 'id' | 'applicant' | 'vehicle' | 'status'> & {
  /** The buyer's LP- reference. */
  readonly reference?: string;
  readonly nrcNumber?: string;
  /** The plate numbers allocated to it. */
  readonly plates?: readonly string[];
  readonly orderInfo?: Pick<ApplicationOrderInfo, 'phone' | 'email'>;
};

/**
 * The search finds a request by either reference (REQ- or the buyer's LP-), the owner's name,
 * NRC, phone or email, the vehicle, or an allocated plate number; case, spaces and
 * punctuation aside (see searchFinds). Combined with the status filter.
 */
export function matchesRequestFilters(request: SearchableRequest, filters: RequestFilters): boolean {
  const phone = request.orderInfo?.phone ?? '';
  const fields = [
    request.applicant,
    request.id,
    request.vehicle,
    request.reference ?? '',
    request.nrcNumber ?? '',
    request.orderInfo?.email ?? '',
    phone,
    ...(request.plates ?? []),
  ].filter((field) => field !== '');
  return (
    searchFinds(filters.search, fields, phone === '' ? [] : [phone]) &&
    (filters.status === 'all' || request.status === filters.status)
  );
}

/** The requests that pass the filters, in their original order. */
export function filterRequests<R extends SearchableRequest>(requests: readonly R[], filters: RequestFilters): R[] {
  return requests.filter((request) => matchesRequestFilters(request, filters));
}

export interface RequestSummary {
  readonly total: number;
  readonly pending: number;
  readonly approved: number;
  readonly underReview: number;
  readonly rejected: number;
}

/**
 * The summary strip: Total Requests, then one figure for every status (the spec's Pending,
 * Approved and Under Review, and Rejected), so the figures add up to the total.
 */
export function requestSummary(requests: readonly Pick<ReviewedApplication, 'status'>[]): RequestSummary {
  const count = (status: RequestStatus) => requests.filter((request) => request.status === status).length;
  return {
    total: requests.length,
    pending: count('Pending'),
    approved: count('Approved'),
    underReview: count('Under Review'),
    rejected: count('Rejected'),
  };
}

/** The page a request's QR code opens: Plate Requests with that request's details, for signed-in staff. */
export const REQUEST_LINK_PATH = '/dashboard/admin/requests';

/**
 * What a request's QR code carries: a link to the request on this server, and nothing about
 * the applicant. Whoever scans it must sign in as staff to see the order (decision 054).
 */
export function requestQrLink(origin: string, requestId: string): string {
  return `${origin.replace(/\/+$/, '')}${REQUEST_LINK_PATH}?request=${encodeURIComponent(requestId)}`;
}

/** The fields of a marketplace order (PO-) the administrator's search reads. */
export interface SearchableOrder {
  readonly id: string;
  readonly plateNumber: string;
  readonly buyerName: string;
  readonly buyerEmail: string;
  readonly buyerPhone: string | null;
  readonly ownerName: string;
  readonly ownerNrc: string;
  readonly paymentReference: string;
}

/**
 * The marketplace orders a Plate Requests search finds, by the same rules as the requests: the
 * buyer's PO- reference, the payment's PAY- reference, the plate number, the buyer's name, email
 * or phone, or the owner's name or NRC. None for an empty search: the section shows only what
 * was looked for.
 */
export function findOrders<O extends SearchableOrder>(orders: readonly O[], search: string): O[] {
  if (search.trim() === '') return [];
  return orders.filter((order) => {
    const phones = order.buyerPhone ? [order.buyerPhone] : [];
    const fields = [
      order.id,
      order.paymentReference,
      order.plateNumber,
      order.buyerName,
      order.buyerEmail,
      order.ownerName,
      order.ownerNrc,
      ...phones,
    ].filter((field) => field !== '');
    return searchFinds(search, fields, phones);
  });
}
