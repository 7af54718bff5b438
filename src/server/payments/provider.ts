/**
 * What the server needs from a payment provider (MTN MoMo, Airtel Money, a card
 * acquirer, a bank). The provider only reports events; what an event does to a
 * payment is the domain's state machine (#domain/payments/payment), the same for
 * every provider. See docs/payments.md for how a real provider plugs in.
 */
import type { PaymentEvent } from '#domain/payments/payment';
import type { RefundEvent } from '#domain/payments/refund';
import type { PaymentMethodId } from '#domain/pricing/pricing';

/**
 * What the payer typed for the chosen method: the wallet's phone number. A card is never
 * typed into Nambala: it is entered on the card provider's own page (a hosted checkout).
 */
export interface PaymentDetails {
  phone?: string;
}

/** Details fit to send to the provider: a normalised phone. */
export interface CheckedDetails {
  payerPhone: string | null;
}

export type DetailsCheck = { ok: true; details: CheckedDetails } | { ok: false; field: 'phone'; message: string };

/** What is kept of the card a payer used on the provider's page: never its number. */
export interface CardSummary {
  brand: string;
  last4: string;
}

export interface PaymentRequest {
  paymentId: string;
  /** PAY-000123, shown to the payer on the handset prompt or bank slip. */
  reference: string;
  method: PaymentMethodId;
  /** Ngwee. */
  amount: number;
  description: string;
  details: CheckedDetails;
  /** Where the card provider's page sends the payer back to (the payment's receipt). */
  returnUrl: string;
}

export interface ProviderAnswer {
  /** The provider's own id for the transaction, for status checks and reconciliation. */
  providerRef: string;
  /** What is known at once; null while the payment waits (always, for a card: it is paid on the provider's page). */
  event: PaymentEvent | null;
  /** A card payment: the provider's own page where the payer enters the card; null for other methods. */
  checkoutUrl: string | null;
}

/** A pending payment's news from the provider: the event, and for a card what may be kept of it. */
export interface ProviderStatus {
  event: PaymentEvent;
  card: CardSummary | null;
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
  /** True only for the sandbox: enables the simulated handset prompt route and the sandbox's card page. */
  readonly isSandbox: boolean;
  /** Refuses details the provider would refuse, before any payment is recorded. */
  checkDetails(method: PaymentMethodId, details: PaymentDetails): DetailsCheck;
  /** Starts collecting the money: a request-to-pay prompt, a hosted card checkout, or bank instructions. */
  requestPayment(request: PaymentRequest): Promise<ProviderAnswer>;
  /**
   * How long the provider keeps a card payment's page open. A card payment still pending after
   * it is asked about by the lapsed-payments job, so one left on the page is settled (timed out).
   */
  readonly cardCheckoutLifetimeMs: number;
  /** A pending payment's news (what the payer did on the card page, a callback missed); null when there is nothing new. */
  status(payment: { providerRef: string | null; method: PaymentMethodId }): Promise<ProviderStatus | null>;
  /** What a payer who pays by bank transfer is told to do; null for other methods. */
  instructions(method: PaymentMethodId, reference: string): string | null;
  /** Asks the provider to pay money back; a repeated idempotency key is paid once. */
  refund(request: RefundRequest): Promise<RefundAnswer>;
  /** A pending refund's news, for polling providers; null when there is nothing new. */
  refundStatus(refund: { providerRef: string; attemptedAt: string }, at: Date): Promise<RefundEvent | null>;
}
