// A refund's life, the same for the sandbox and any real provider: money paid back to the payer
// of an approved payment, through the provider that took it. A refund is its own record: it is
// asked for (pending), and the provider reports it refunded or failed. A failed refund may be
// retried, which asks the provider again (pending, one more attempt); a refunded one never
// changes again. An event the refund is already in is accepted with no effect, so a provider
// that reports twice or a double click changes nothing.
//
// What is refunded is what the payment really cost the payer, less what is kept by rule: a
// reservation fee deducted from a purchase paid for keeping the plate off the market, so when
// that purchase is refunded the fee is not (docs/payments.md, "Refunds"). Never more than was
// paid, never less than nothing.
import { formatKwacha, ngwee, type Ngwee } from '../money/money';
import { formatReservationDate } from '../purchases/reservation';

export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Why a payment is refunded. */
export const REFUND_REASONS = [
  'application-rejected',
  'order-cancelled',
  'allocation-failed',
  'late-approval',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_REASON_LABELS: Readonly<Record<RefundReason, string>> = {
  'application-rejected': 'Application rejected',
  'order-cancelled': 'Order cancelled before manufacturing',
  'allocation-failed': 'Number could not be allocated',
  'late-approval': 'Paid after the plate had gone',
};

export const REFUND_STATUS_LABELS: Readonly<Record<RefundStatus, string>> = {
  pending: 'Refund pending',
  refunded: 'Refunded',
  failed: 'Refund failed',
};

export interface Refund {
  readonly id: string;
  readonly paymentId: string;
  /** Ngwee, more than nothing and never more than the payment's amount. */
  readonly amount: Ngwee;
  readonly status: RefundStatus;
  /** How many times the provider has been asked; a retry adds one. */
  readonly attempts: number;
  /** ISO instants: asked for first, the current attempt asked for, and settled (null while pending). */
  readonly createdAt: string;
  readonly attemptedAt: string;
  readonly settledAt: string | null;
  readonly failureReason: string | null;
}

export type RefundEvent =
  { readonly type: 'refunded' } | { readonly type: 'fail'; readonly reason: string } | { readonly type: 'retry' };

export const REFUND_ALREADY_MADE = 'This refund has already been made.';
export const REFUND_STILL_PENDING =
  'This refund is still with the payment provider; it can be retried only if it fails.';
export const REFUND_HAS_FAILED = 'This refund failed. Retry it to ask the payment provider again.';
export const NOTHING_TO_REFUND = 'Nothing is left to refund on this payment.';
const DEFAULT_FAILURE = 'The payment provider could not make the refund';

export interface RefundablePayment {
  /** Ngwee the payer paid. */
  readonly amount: number;
  readonly status: string;
}

/**
 * What a refund of this payment pays back: the amount paid, less what is kept by rule (a
 * reservation fee credited to a purchase) and less what was already refunded. Zero when
 * nothing is left, or when the payment was never approved (nothing was taken).
 */
export function refundAmount(
  payment: RefundablePayment,
  options: { kept?: number; alreadyRefunded?: number } = {},
): Ngwee {
  if (payment.status !== 'approved') return ngwee(0);
  const kept = Math.max(0, Math.trunc(options.kept ?? 0));
  const already = Math.max(0, Math.trunc(options.alreadyRefunded ?? 0));
  return ngwee(Math.max(0, payment.amount - kept - already));
}

export interface NewRefund {
  readonly id: string;
  readonly paymentId: string;
  readonly amount: number;
  /** What the payment paid, so a refund can never exceed it. */
  readonly paid: number;
  readonly now: Date;
}

/** A pending refund, first attempt. A refund of nothing or of more than was paid is a programming error. */
export function createRefund(input: NewRefund): Refund {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new RangeError(`A refund must be for more than nothing, got ${input.amount} ngwee`);
  if (input.amount > input.paid)
    throw new RangeError(`A refund of ${input.amount} ngwee is more than the ${input.paid} ngwee paid`);
  const at = input.now.toISOString();
  return {
    id: input.id,
    paymentId: input.paymentId,
    amount: ngwee(input.amount),
    status: 'pending',
    attempts: 1,
    createdAt: at,
    attemptedAt: at,
    settledAt: null,
    failureReason: null,
  };
}

export type RefundTransition =
  | { readonly ok: true; readonly refund: Refund; readonly changed: boolean }
  | { readonly ok: false; readonly message: string; readonly refund: Refund };

/**
 * Applies a provider event (refunded, fail) or an administrator's retry at `now`.
 * pending → refunded | failed; failed → pending (retry, one more attempt); refunded is final.
 */
export function transitionRefund(refund: Refund, event: RefundEvent, now: Date): RefundTransition {
  const at = now.toISOString();
  switch (event.type) {
    case 'refunded':
      if (refund.status === 'refunded') return { ok: true, refund, changed: false };
      if (refund.status === 'failed') return { ok: false, message: REFUND_HAS_FAILED, refund };
      return { ok: true, refund: { ...refund, status: 'refunded', settledAt: at, failureReason: null }, changed: true };
    case 'fail':
      if (refund.status === 'failed') return { ok: true, refund, changed: false };
      if (refund.status === 'refunded') return { ok: false, message: REFUND_ALREADY_MADE, refund };
      return {
        ok: true,
        refund: { ...refund, status: 'failed', settledAt: at, failureReason: event.reason.trim() || DEFAULT_FAILURE },
        changed: true,
      };
    case 'retry':
      if (refund.status === 'refunded') return { ok: false, message: REFUND_ALREADY_MADE, refund };
      if (refund.status === 'pending') return { ok: false, message: REFUND_STILL_PENDING, refund };
      return {
        ok: true,
        refund: {
          ...refund,
          status: 'pending',
          attempts: refund.attempts + 1,
          attemptedAt: at,
          settledAt: null,
          failureReason: null,
        },
        changed: true,
      };
  }
}

/** 7 → 'REF-000007', from the refund sequence. */
export function formatRefundReference(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`A reference number must be a positive whole number, got ${n}`);
  return `REF-${String(n).padStart(6, '0')}`;
}

/** A refund as its payer reads it on a receipt or an order. */
export interface RefundForPayer {
  readonly status: RefundStatus;
  /** Ngwee paid back. */
  readonly amount: number;
  readonly createdAt: string;
  readonly settledAt: string | null;
}

/**
 * The payer's words for a refund: 'Refunded' with the amount and the day, or 'Refund pending'
 * with the amount and the day it started. A failed attempt is still money owed to the payer,
 * being retried, so it reads as pending to them (the administrator sees the failure).
 */
export function refundForPayer(refund: RefundForPayer): { label: 'Refunded' | 'Refund pending'; text: string } {
  const amount = formatKwacha(ngwee(refund.amount));
  if (refund.status === 'refunded')
    return {
      label: 'Refunded',
      text: `Refunded ${amount} on ${formatReservationDate(new Date(refund.settledAt ?? refund.createdAt))}`,
    };
  return {
    label: 'Refund pending',
    text: `Refund pending: ${amount}, started on ${formatReservationDate(new Date(refund.createdAt))}`,
  };
}

/**
 * What a refund of a purchase says of a reservation fee that was deducted from it: the fee is
 * kept (it paid for holding the plate) and was never part of this payment; null when no fee was
 * deducted. `credit` is the receipt's reservation-credit line, negative ngwee.
 */
export function keptReservationFee(credit: number | undefined): string | null {
  if (credit === undefined || credit >= 0) return null;
  return `The reservation fee of ${formatKwacha(ngwee(-credit))} deducted from this purchase is kept: it paid for holding the plate.`;
}
