// An order of the signed-in owner that is still in progress, as My Plates & Orders lists
// it beside their plates: an application (by its LP- reference), a marketplace
// reservation (with its time left and fee) or a purchase whose payment is still open.
// Plates already held for the owner are OwnedPlates; an order lists what is not one yet.
import type { PaymentMethodId } from '../pricing/pricing';

export const OWNER_ORDER_KINDS = ['application', 'reservation', 'purchase'] as const;
export type OwnerOrderKind = (typeof OWNER_ORDER_KINDS)[number];

/** Where an order stands, in the words the owner reads. */
export type OwnerOrderStatus =
  'Awaiting payment' | 'Payment declined' | 'Paid' | 'Under review' | 'Approved' | 'Rejected' | 'Reserved';

export interface OwnerOrderPayment {
  id: string;
  reference: string;
  status: 'pending' | 'approved' | 'declined' | 'timed_out' | 'cancelled';
  method: PaymentMethodId;
  methodName: string;
  /** ngwee */
  amount: number;
  /** The payment's refund, if one was started (absent on copies kept before orders carried it). */
  refund?: {
    reference: string;
    status: 'pending' | 'refunded' | 'failed';
    /** ngwee paid back */
    amount: number;
    createdAt: string;
    settledAt: string | null;
  } | null;
}

export interface OwnerOrder {
  /** REQ-001, PO-000001, or RES-<listing id>. */
  id: string;
  kind: OwnerOrderKind;
  /** What the owner quotes: the LP- reference of an application, else the plate number. */
  reference: string;
  status: OwnerOrderStatus;
  plates: string[];
  quantity: number;
  vehicle: string;
  rejectionReason: string | null;
  /** A reservation's end (ISO). */
  reservedUntil: string | null;
  /** The reservation fee paid, in ngwee (deducted from the price when the plate is bought). */
  fee: number | null;
  listingId: string | null;
  /** An application's own id (the device's), by which it is paid again after a declined payment. */
  applicationId: string | null;
  payment: OwnerOrderPayment | null;
  createdAt: string;
  /**
   * The plate shop the buyer chose (its name); null when left to the administrator. Absent on a
   * reservation (nothing chosen yet) and on copies kept before orders carried it.
   */
  chosenShop?: string | null;
  /** Where the plates are to be delivered; null when collected from the shop (absent as chosenShop). */
  deliveryAddress?: string | null;
  /** An application: the chosen shop's id, by which its address and hours are found (absent on older copies). */
  chosenShopId?: string | null;
  /** An application: the numbers the buyer chose, asked for exactly (absent on older copies). */
  requestedNumbers?: string[];
}

/**
 * Where an application stands for its applicant: the decision once there is one; before
 * that, whether it is paid (a declined or timed-out payment must be paid again).
 */
export function applicationOrderStatus(
  requestStatus: 'Pending' | 'Under Review' | 'Approved' | 'Rejected',
  paymentStatus: OwnerOrderPayment['status'] | null,
): OwnerOrderStatus {
  if (requestStatus === 'Rejected') return 'Rejected';
  if (requestStatus === 'Approved') return 'Approved';
  if (paymentStatus === null || paymentStatus === 'pending') return 'Awaiting payment';
  if (paymentStatus !== 'approved') return 'Payment declined';
  return requestStatus === 'Under Review' ? 'Under review' : 'Paid';
}

/** Milliseconds a reservation has left at `nowMs` (0 once it has ended). */
export function reservationTimeLeft(reservedUntil: string, nowMs: number): number {
  return Math.max(0, Date.parse(reservedUntil) - nowMs);
}

/** "6 days 4 hours", "3 hours 20 minutes", "12 minutes": the largest two units that matter. */
export function describeTimeLeft(ms: number): string {
  if (ms <= 0) return 'Ended';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0)
    return minutes % 60 > 0 ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}` : unit(hours, 'hour');
  return unit(Math.max(1, minutes), 'minute');
}
