/**
 * The marketplace's online-only calls: what a plate costs now, reserving and buying it, and the
 * buyer's own live reservations. Only the server can say who got a plate, so none of these go
 * through the outbox; offline they answer with a message instead of failing.
 */
import type { Receipt } from '../../payments/payment-api';
import type {
  CheckoutAnswer as CheckoutStarted,
  PurchasesAnswer,
  QuoteAnswer as QuoteBody,
} from '#domain/api/marketplace';
import { type ApiErrorBody, apiRequest, NetworkError } from '../../api/api-client';
import { refusalFields, refusalReason, runCommand } from '../../api/command';
import { onDemand } from '../../components/loaded-when-open';
import type { CheckoutKind, MarketplaceMethodId, Quote, QuoteListing } from './checkout-rules';
import { quotePath, takeEarlyQuote } from './early-quote';

/** Buy Now's owner rules (zod): loaded once the page is idle, or with the first send. */
export const ownerRules = onDemand(() => import('#domain/purchases/checkout-owner'));

export const QUOTE_OFFLINE = 'Prices are shown when this device is online.';
export const CHECKOUT_LOST =
  'The connection was lost before the server answered. Try again: the same payment is resumed, never charged twice.';

export type QuoteAnswer = { ok: true; quote: Quote } | { ok: false; message: string };

/** What `listingId` costs now: the answer to the request its dialog's copy made at the tap, if fresh (early-quote.ts). */
export async function fetchQuote(listingId: string): Promise<QuoteAnswer> {
  try {
    const result = await (takeEarlyQuote(listingId) ??
      apiRequest<QuoteBody & ApiErrorBody>('GET', quotePath(listingId)));
    if (result.ok && result.body?.buyNow) return { ok: true, quote: result.body };
    return { ok: false, message: result.body?.message ?? `The server answered ${result.status}.` };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: QUOTE_OFFLINE };
    throw error;
  }
}

export interface CheckoutRequest {
  idempotencyKey: string;
  method: MarketplaceMethodId;
  phone?: string;
  card?: { number: string };
  /** The total the buyer was shown (ngwee): the server refuses a different figure. */
  amount: number;
  /** Buy Now: whose the plate is to be, as on their NRC. */
  ownerName?: string;
  ownerNrc?: string;
  /** Buy Now: the vehicle (or not yet known), the plate shop chosen and collection or delivery. */
  vehicleNotYetKnown?: boolean;
  vehicleMake?: string;
  vehicleModel?: string;
  vehicleRegistration?: string;
  registrationNotYetKnown?: boolean;
  shopId?: string | null;
  delivery?: boolean;
  deliveryAddress?: string;
}

export type CheckoutAnswer =
  | { ok: true; payment: Receipt; listing: QuoteListing }
  /** `isLost`: no answer came back, so the payment may exist; retry with the same key. */
  | { ok: false; message: string; fields?: Record<string, string>; isLost: boolean };

export async function startCheckout(
  kind: CheckoutKind,
  listingId: string,
  request: CheckoutRequest,
): Promise<CheckoutAnswer> {
  const outcome = await runCommand({
    method: 'POST',
    path: `/api/listings/${encodeURIComponent(listingId)}/${kind}`,
    body: request,
    accept: (answer: (Partial<CheckoutStarted> & ApiErrorBody) | undefined) =>
      answer?.payment && answer.listing ? { payment: answer.payment, listing: answer.listing } : null,
  });
  if (outcome.status === 'applied') return { ok: true, ...outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, message: CHECKOUT_LOST, isLost: true };
  // A gateway's 502/503/504 may hide an answer the server did give: treat it as lost.
  const isLost = outcome.httpStatus >= 502 && outcome.httpStatus <= 504;
  const message = isLost ? CHECKOUT_LOST : refusalReason(outcome);
  return { ok: false, message, isLost, ...refusalFields(outcome) };
}

/** The signed-in buyer's live reservations by listing id (reservedUntil); empty when offline or signed out. */
export async function fetchMyReservations(): Promise<Map<string, string | null> | null> {
  try {
    const result = await apiRequest<Partial<PurchasesAnswer>>('GET', '/api/purchases');
    if (!result.ok || !result.body?.reservations) return null;
    return new Map(result.body.reservations.map((listing) => [listing.id, listing.reservedUntil]));
  } catch (error) {
    if (error instanceof NetworkError) return null;
    throw error;
  }
}
