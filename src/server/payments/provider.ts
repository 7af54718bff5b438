/**
 * What the server needs from a payment provider (MTN MoMo, Airtel Money, a card
 * acquirer, a bank). The provider only reports events; what an event does to a
 * payment is the domain's state machine (#domain/payments/payment), the same for
 * every provider. See docs/payments.md for how a real provider plugs in.
 */
import type { PaymentEvent } from '#domain/payments/payment';
import type { RefundEvent } from '#domain/payments/refund';
import type { PaymentMethodId } from '#domain/pricing/pricing';

/** What the payer typed for the chosen method: the wallet's phone number, or the card. */
export interface PaymentDetails {
  phone?: string;
  card?: { number: string };
}

/** Details fit to send to the provider: a normalised phone, and what may be kept of a card. */
export interface CheckedDetails {
  payerPhone: string | null;
  /** The card as the provider will charge it; its number is never stored. */
  card: { number: string; brand: string; last4: string } | null;
}

export type DetailsCheck =
  { ok: true; details: CheckedDetails } | { ok: false; field: 'phone' | 'card'; message: string };

export interface PaymentRequest {
  paymentId: string;
  /** PAY-000123, shown to the payer on the handset prompt or bank slip. */
  reference: string;
  method: PaymentMethodId;
  /** Ngwee. */
  amount: number;
  description: string;
  details: CheckedDetails;
}

export interface ProviderAnswer {
  /** The provider's own id for the transaction, for status checks and reconciliation. */
  providerRef: string;
  /** What is known at once (a card's approval or decline); null while the payment waits. */
  event: PaymentEvent | null;
}

/** Money paid back on an approved payment, through the provider that took it. */
export interface RefundRequest {
  /** The payment's transaction at the provider. */
  providerRef: string | null;
  /** Ngwee: never more than the payment's amount (the domain checks it first). */
  amount: number;
  /** REF-000123, shown to the payer on the provider's statement. */
  reference: string;
  /** One per attempt: the provider pays a repeated request once. */
  idempotencyKey: string;
  method: PaymentMethodId;
  /** What is kept of the card the payment was made with (the sandbox's test cards decide by it). */
  card: { brand: string; last4: string } | null;
}

export interface RefundAnswer {
  /** The provider's own id for the refund, for status checks and reconciliation. */
  providerRef: string;
  /** What is known at once; null while the refund is with the provider (the usual case). */
  event: RefundEvent | null;
}

export interface PaymentProvider {
  /** Stored with each payment, so a later change of provider leaves old payments readable. */
  readonly name: string;
  /** True only for the sandbox: enables the simulated handset prompt route. */
  readonly isSandbox: boolean;
  /** Refuses details the provider would refuse, before any payment is recorded. */
  checkDetails(method: PaymentMethodId, details: PaymentDetails): DetailsCheck;
  /** Starts collecting the money: a request-to-pay prompt, a card charge, or bank instructions. */
  requestPayment(request: PaymentRequest): Promise<ProviderAnswer>;
  /** Charges the card of a card payment that was started without one (the card step). */
  chargeCard(request: PaymentRequest & { providerRef: string | null }): Promise<ProviderAnswer>;
  /** A pending payment's news, for polling providers; null when there is nothing new. */
  status(payment: { providerRef: string | null; method: PaymentMethodId }): Promise<PaymentEvent | null>;
  /** What a payer who pays by bank transfer is told to do; null for other methods. */
  instructions(method: PaymentMethodId, reference: string): string | null;
  /** Asks the provider to pay money back; a repeated idempotency key is paid once. */
  refund(request: RefundRequest): Promise<RefundAnswer>;
  /** A pending refund's news, for polling providers; null when there is nothing new. */
  refundStatus(refund: { providerRef: string; attemptedAt: string }, at: Date): Promise<RefundEvent | null>;
}
