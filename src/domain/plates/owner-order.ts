// An order of the signed-in owner that is still in progress, as My Plates & Orders lists
// it beside their plates: an application (by its LP- reference), a marketplace
// reservation (with its time left and fee) or a purchase whose payment is still open.
// Plates already held for the owner are OwnedPlates; an order lists what is not one yet.

export const OWNER_ORDER_KINDS = ['application', 'reservation', 'purchase'] as const;
export type OwnerOrderKind = (typeof OWNER_ORDER_KINDS)[number];

/** Where an order stands, in the words the owner reads. */
export type OwnerOrderStatus = 'Awaiting payment' | 'Payment declined' | 'Paid' | 'Under review' | 'Approved' | 'Rejected' | 'Reserved';

export interface OwnerOrderPayment {
  id: string;
  reference: string;
  status: 'pending' | 'approved' | 'declined' | 'timed_out' | 'cancelled';
  methodName: string;
  /** ngwee */
  amount: number;
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
  payment: OwnerOrderPayment | null;
  createdAt: string;
}
