/**
 * What the detail dialog's Buy Now and Reserve tabs show and send, as pure functions: the
 * breakdown lines for the chosen method, the owner Buy Now suggests, the idempotency key of an
 * attempt, and what an approval means for the buyer.
 */
import type { QuoteAnswer, QuoteListing } from '#domain/api/marketplace';
import { PAYMENT_METHODS, type PaymentMethodId } from '#domain/pricing/pricing';
import type { CheckoutOwner } from '#domain/purchases/checkout-owner';

import type { CheckoutKind } from './approved-message';

export { approvedMessage, type CheckoutKind } from './approved-message';
export { signInPath } from '../../purchases/plate-dialog-path';

/** Every method the wizard offers, bank transfer too: the server holds the plate for the days a transfer takes. */
export type MarketplaceMethodId = PaymentMethodId;
export const MARKETPLACE_METHODS = PAYMENT_METHODS;

export function isMarketplaceMethod(value: unknown): value is MarketplaceMethodId {
  return MARKETPLACE_METHODS.some((method) => method.id === value);
}

export interface QuoteLine {
  label: string;
  amount: number;
  kind?: string;
}

export type { QuoteListing };

export type QuoteCheck = QuoteAnswer['mayBuy'];

/**
 * GET /api/listings/:id/quote, amounts in ngwee (src/domain/api/marketplace.ts). `owner`, whom Buy Now
 * suggests, is absent from a server before Buy Now asked.
 */
export type Quote = Omit<QuoteAnswer, 'owner'> & { owner?: QuoteAnswer['owner'] };

/** Whom Buy Now suggests as the plate's owner: the server's suggestion, else the account's name and no NRC. */
export function suggestedOwner(quote: Quote | null, accountName: string): CheckoutOwner {
  return quote?.owner ?? { name: accountName, nrc: '' };
}

export interface Breakdown {
  lines: QuoteLine[];
  total: number;
}

/**
 * The lines the buyer sees. Buy Now: price, processing fee, the gateway fee only once a method is
 * chosen (as in the wizard), and the reservation credit when the buyer holds a live reservation.
 * Reserve: the reservation fee alone, whichever method pays it.
 */
export function checkoutBreakdown(
  quote: Quote,
  kind: CheckoutKind,
  method: MarketplaceMethodId | null,
): Breakdown | null {
  if (kind === 'reserve') {
    return {
      lines: [
        {
          kind: 'reservation-fee',
          label: `Reservation fee (${quote.reservation.days} days, deducted from the price)`,
          amount: quote.reservation.amount,
        },
      ],
      total: quote.reservation.amount,
    };
  }
  const chosen = method ? quote.buyNow.find((entry) => entry.method === method) : undefined;
  if (chosen) return { lines: chosen.lines, total: chosen.total };
  const any = quote.buyNow[0];
  if (!any) return null;
  return { lines: any.lines.filter((line) => line.kind !== 'gateway'), total: any.total - any.gatewayFee };
}

/** One payment attempt: its idempotency key, what it asked for, and whether the server answered with a payment. */
export interface Attempt {
  key: string;
  signature: string;
  hasPayment: boolean;
}

/** What identifies an attempt: the same request sent again is the same attempt. */
export function attemptSignature(request: {
  kind: CheckoutKind;
  listingId: string;
  method: MarketplaceMethodId;
  phone?: string;
  card?: { number: string };
  amount: number;
  ownerName?: string;
  ownerNrc?: string;
}): string {
  return JSON.stringify([
    request.kind,
    request.listingId,
    request.method,
    request.phone ?? '',
    request.card?.number ?? '',
    request.amount,
    request.ownerName ?? '',
    request.ownerNrc ?? '',
  ]);
}

/**
 * The attempt to send. The same request after a lost answer keeps its key, so the server returns
 * the payment it may already have recorded instead of charging again. A changed request, or a new
 * try after a payment was declined or timed out, gets a fresh key (docs/payments.md).
 */
export function attemptFor(previous: Attempt | null, signature: string, newKey: () => string): Attempt {
  if (previous && !previous.hasPayment && previous.signature === signature) return previous;
  return { key: newKey(), signature, hasPayment: false };
}

/**
 * The checkouts a plate's dialog offers: Buy Now and Reserve; for the buyer's own live reservation
 * Buy Now alone (the fee deducted), since reserving it again is refused.
 */
export function offeredCheckouts(reservedUntilMine: string | null | undefined): readonly CheckoutKind[] {
  return reservedUntilMine === undefined ? ['buy', 'reserve'] : ['buy'];
}
