// A payment as its payer (or an administrator) reads it: the receipt the server answers
// (GET /api/payments, GET /api/payments/:id), kept on the payer's device for offline
// reading and shown by the Payments page, the receipt page and the checkouts. Amounts in ngwee.
import type { PaymentMethodId } from '../pricing/pricing';
import type { PaymentStatus } from './payment';

/** What a payment paid for. */
export type ReceiptPurpose = 'reservation' | 'purchase' | 'application' | 'renewal';

export interface Receipt {
  id: string;
  /** PAY-000123 */
  reference: string;
  status: PaymentStatus;
  purpose: ReceiptPurpose;
  description: string;
  method: PaymentMethodId;
  methodName: string;
  amount: number;
  currency: 'ZMW';
  /** What the amount is made of; a deduction is negative. */
  lines: Array<{ label: string; amount: number; kind?: string }>;
  listingId: string | null;
  requestId: string | null;
  payerPhone: string | null;
  card: { brand: string; last4: string } | null;
  declineReason: string | null;
  createdAt: string;
  settledAt: string | null;
  /** A pending mobile-money request times out at this instant. */
  expiresAt: string | null;
  /** What to do next while pending (bank transfer details); null otherwise. */
  instructions: string | null;
  /** Paid, but what it paid for had gone (a late approval): the operator owes a refund. */
  refundDue: boolean;
  provider: string;
  /** A marketplace purchase: whose the plate is to be registered to, as the buyer gave it at Buy Now (absent on copies kept before). */
  owner?: { name: string; nrc: string } | null;
}
