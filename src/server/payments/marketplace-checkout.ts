/**
 * Reserving and buying a marketplace plate. One transaction takes the listing's row
 * lock, checks the domain's rules at the current time, records the pending payment and
 * holds the plate for this buyer; only then, outside any lock, is the provider asked to
 * collect. A second buyer waits on the lock, then sees the hold (or the sale) and is
 * refused before any payment of theirs is recorded: two buyers never pay for one plate.
 */
import { formatKwacha, type Ngwee, ngwee } from '#domain/money/money';
import { isIdempotentReplay, REQUEST_TO_PAY_TIMEOUT_MS } from '#domain/payments/payment';
import { BANK_TRANSFER_HOLD_MS } from '#domain/payments/payment-outcome';
import {
  gatewayFeeLabel,
  type PaymentMethodId,
  paymentMethodName,
  type PricingSettings,
} from '#domain/pricing/pricing';
import { buyNowBreakdown, type CheckoutBreakdown, reservationPaymentAmount } from '#domain/purchases/checkout';
import { type CheckoutOwner, isSameOwner } from '#domain/purchases/checkout-owner';
import {
  formatReservationDate,
  holdsLiveReservation,
  mayBuy,
  mayReserve,
  type PurchaseCheck,
} from '#domain/purchases/reservation';
import type { Queryable } from '../db/database';
import { auditRepository } from '../repositories/audit-repository';
import { paymentRepository, type StoredPayment } from '../repositories/payment-repository';
import { applicationRepository } from '../repositories/application-repository';
import {
  holdIsLive,
  type ListingState,
  listingStatusAt,
  type PurchaseOrder,
  purchaseRepository,
} from '../repositories/purchase-repository';
import { settingsRepository } from '../repositories/settings-repository';
import { type CollectionChoice, deliveryLine } from '#domain/collection/collection';
import { checkedCollection } from './collection-choice';
import { type PaymentContext, type PaymentService, type ReceiptLine, recordPayment } from './payment-service';
import type { PaymentDetails } from './provider';
import { Refusal } from './refusal-reply';

/** Every method the wizard offers; a bank transfer holds the plate longer, as it takes days to arrive. */
export const MARKETPLACE_METHODS = ['mtn', 'airtel', 'card', 'bank'] as const satisfies readonly PaymentMethodId[];
export type MarketplaceMethod = (typeof MARKETPLACE_METHODS)[number];

/** How long a plate is held for a buyer whose payment is pending: as long as a mobile-money prompt waits. */
export const HOLD_MS = REQUEST_TO_PAY_TIMEOUT_MS;

/** The hold for a payment by this method: a phone prompt's two minutes, or the days a bank transfer takes. */
export function holdMsFor(method: PaymentMethodId): number {
  return method === 'bank' ? BANK_TRANSFER_HOLD_MS : HOLD_MS;
}

export const LISTING_NOT_FOUND = 'This plate is no longer listed in the marketplace.';
export const HELD_BY_ANOTHER =
  'Another buyer is paying for this plate right now. If their payment does not go through, it will be available again within a few minutes.';
export const HELD_BY_YOU =
  'Your payment for this plate is still in progress. Answer the prompt on your phone, or wait for it to time out before trying again.';
export const heldForTransfer = (until: string) =>
  `Another buyer is paying for this plate by bank transfer. If their money does not arrive, it will be available again on ${formatReservationDate(new Date(until))}.`;
export const heldForYourTransfer = (until: string) =>
  `Your bank transfer for this plate is still awaited: the plate is held for you until ${formatReservationDate(new Date(until))}, and is yours once the money arrives.`;
export const NO_RESERVATION_TO_CANCEL = 'You have no live reservation of this plate to cancel.';
export const KEY_REUSED = 'This payment key was already used for a different payment. Please start a new payment.';
export const NOTHING_TO_PAY =
  'This costs nothing at the current prices; an administrator needs to check the prices before it can be paid.';
export const priceChanged = (total: Ngwee) =>
  `The price has changed: the total is now ${formatKwacha(total)}. Please check it and try again.`;

export type CheckoutKind = 'reservation' | 'purchase';

export interface CheckoutRequest extends PaymentDetails {
  idempotencyKey: string;
  method: MarketplaceMethod;
  /** The total the buyer was shown, in ngwee; refused when the server's figure differs. */
  amount?: number;
}

/** Buying names whose the plate will be: its registration is only to this NRC. */
export interface PurchaseRequest extends CheckoutRequest {
  owner: CheckoutOwner;
  /** The vehicle as the order names it, the plate shop chosen and collection or delivery. */
  collection?: { vehicle: string } & Partial<CollectionChoice>;
}

export interface CheckoutResult {
  payment: StoredPayment;
  /** True when the key had been seen: the stored payment, as it now stands, and nothing charged. */
  replayed: boolean;
}

interface Charge {
  amount: Ngwee;
  lines: ReceiptLine[];
  description: string;
}

function reservationCharge(listing: ListingState, settings: PricingSettings): Charge {
  const amount = reservationPaymentAmount(settings);
  return {
    amount,
    lines: [
      {
        kind: 'reservation-fee',
        label: `Reservation fee (${settings.reservationDays} days, deducted from the price)`,
        amount,
      },
    ],
    description: `Reservation of plate ${listing.number}`,
  };
}

function purchaseLines(
  listing: ListingState,
  method: PaymentMethodId,
  breakdown: CheckoutBreakdown,
  settings: PricingSettings,
): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    { kind: 'price', label: `Plate ${listing.number}`, amount: breakdown.price },
    { kind: 'processing', label: 'Processing fee', amount: breakdown.processingFee },
    {
      kind: 'gateway',
      label: `Gateway fee (${paymentMethodName(method)}, ${gatewayFeeLabel(method, settings)})`,
      amount: breakdown.gatewayFee,
    },
  ];
  if (breakdown.reservationCredit > 0)
    lines.push({ kind: 'reservation-credit', label: 'Reservation fee deducted', amount: -breakdown.reservationCredit });
  return lines;
}

/** Buy Now's figures for this buyer now: the reservation credit is what their own live reservation's payment really paid. */
async function buyNow(
  tx: Queryable,
  listing: ListingState,
  buyerId: string,
  method: PaymentMethodId,
  at: Date,
  settings: PricingSettings,
): Promise<CheckoutBreakdown> {
  const reservationPayment = listing.reservationPaymentId
    ? await paymentRepository(tx).find(listing.reservationPaymentId)
    : undefined;
  return buyNowBreakdown({
    listing,
    buyerId,
    method,
    now: at,
    settings,
    reservationFeePaid: reservationPayment?.amount,
  });
}

async function purchaseCharge(
  tx: Queryable,
  listing: ListingState,
  buyerId: string,
  method: PaymentMethodId,
  at: Date,
  settings: PricingSettings,
): Promise<Charge> {
  const breakdown = await buyNow(tx, listing, buyerId, method, at, settings);
  return {
    amount: breakdown.total,
    lines: purchaseLines(listing, method, breakdown, settings),
    description: `Purchase of plate ${listing.number}`,
  };
}

/** A purchase's charge with the delivery fee added, when the plate is to be delivered. */
function withDelivery(charge: Charge, delivery: ReceiptLine | null): Charge {
  if (!delivery) return charge;
  return { ...charge, amount: ngwee(charge.amount + delivery.amount), lines: [...charge.lines, delivery] };
}

export interface Quote {
  listing: ReturnType<typeof listingView>;
  reservation: { amount: number; days: number };
  buyNow: Array<CheckoutBreakdown & { method: MarketplaceMethod; methodName: string; lines: ReceiptLine[] }>;
  /** For a signed-in buyer: whether they may reserve or buy now, and if not, why. */
  mayReserve: PurchaseCheck | null;
  mayBuy: PurchaseCheck | null;
  /** For a signed-in buyer, whom Buy Now suggests: their account's name, with the NRC they last gave under it (a purchase or an application). */
  owner: CheckoutOwner | null;
}

/** A listing as the marketplace shows it at `at`. */
export function listingView(listing: ListingState, at: Date) {
  const { status, reservedUntil } = listingStatusAt(listing, at);
  return {
    id: listing.id,
    number: listing.number,
    price: listing.price,
    type: listing.type,
    status,
    featured: listing.featured,
    description: listing.description,
    reservedUntil,
  };
}

/** The held plate's refusal, or the domain's, for this buyer at `at`; null when allowed. */
function refusalOf(kind: CheckoutKind, listing: ListingState, buyerId: string, at: Date): PurchaseCheck | null {
  if (holdIsLive(listing, at)) {
    // Only a bank transfer holds a plate for longer than a phone prompt waits.
    const until = listing.heldUntil;
    const isTransfer = until !== null && Date.parse(until) - at.getTime() > HOLD_MS;
    const mine = listing.heldBy === buyerId;
    const message = isTransfer
      ? mine
        ? heldForYourTransfer(until)
        : heldForTransfer(until)
      : mine
        ? HELD_BY_YOU
        : HELD_BY_ANOTHER;
    return { ok: false, reason: 'reserved-by-another-buyer', message };
  }
  const check = kind === 'reservation' ? mayReserve(listing, buyerId, at) : mayBuy(listing, buyerId, at);
  return check.ok ? null : check;
}

export function marketplaceCheckout(context: PaymentContext, payments: PaymentService) {
  const { db, provider, now } = context;

  /**
   * Whom Buy Now suggests: the account's name, with the NRC the buyer last gave under that name
   * (at a checkout or on an application). Only under that name: a buyer who applied or bought for
   * someone else is not offered that person's NRC beside their own name.
   */
  async function suggestedOwner(buyer: { id: string; name: string }): Promise<CheckoutOwner> {
    const name = buyer.name.trim().replace(/\s+/g, ' ');
    const [purchase, application] = await Promise.all([
      paymentRepository(db).latestOwnerGivenBy(buyer.id, name),
      applicationRepository(db).latestIdentityOf(buyer.id, name),
    ]);
    const latest = [purchase, application]
      .filter((given) => given !== undefined)
      .sort((a, b) => b.at.localeCompare(a.at))[0];
    return { name, nrc: latest?.nrc ?? '' };
  }

  async function start(
    kind: CheckoutKind,
    listingId: string,
    buyerId: string,
    request: CheckoutRequest,
    owner: CheckoutOwner | null,
    asked?: PurchaseRequest['collection'],
  ): Promise<CheckoutResult> {
    // The details first: a mistyped number costs nothing and records nothing.
    const check = provider.checkDetails(request.method, { phone: request.phone });
    if (!check.ok) throw new Refusal(400, check.message, { [check.field]: check.message });

    const started = await db.transaction(async (tx): Promise<CheckoutResult> => {
      const purchases = purchaseRepository(tx);
      const listing = await purchases.lockListing(listingId);
      if (!listing) throw new Refusal(404, LISTING_NOT_FOUND);
      // Read under the lock: a retry racing its own first attempt finds the payment that attempt made.
      const earlier = await paymentRepository(tx).findByKey(buyerId, request.idempotencyKey);
      if (earlier) {
        const isSameOwnerNamed = earlier.owner === null || owner === null || isSameOwner(earlier.owner, owner);
        const isReplay =
          earlier.purpose === kind &&
          earlier.listingId === listingId &&
          isSameOwnerNamed &&
          isIdempotentReplay(earlier, { method: request.method, amount: ngwee(request.amount ?? earlier.amount) });
        if (!isReplay) throw new Refusal(409, KEY_REUSED);
        return { payment: earlier, replayed: true };
      }
      const at = now();
      const refusal = refusalOf(kind, listing, buyerId, at);
      if (refusal && !refusal.ok) throw new Refusal(409, refusal.message);
      const { settings } = await settingsRepository(tx).pricing();
      const collection = kind === 'purchase' && asked ? await checkedCollection(tx, asked) : null;
      const charge =
        kind === 'reservation'
          ? reservationCharge(listing, settings)
          : withDelivery(
              await purchaseCharge(tx, listing, buyerId, request.method, at, settings),
              collection && deliveryLine(collection.deliveryAddress, collection.delivery),
            );
      if (charge.amount <= 0) throw new Refusal(409, NOTHING_TO_PAY);
      if (request.amount !== undefined && request.amount !== charge.amount)
        throw new Refusal(409, priceChanged(charge.amount));
      const payment = await recordPayment(tx, provider, {
        payerId: buyerId,
        idempotencyKey: request.idempotencyKey,
        purpose: kind,
        listingId,
        method: request.method,
        details: check.details,
        at,
        owner,
        ...charge,
      });
      if (collection && asked)
        await purchases.setCheckoutCollection(payment.id, {
          vehicle: asked.vehicle,
          shopId: collection.shopId,
          deliveryAddress: collection.deliveryAddress,
        });
      await purchases.hold(listingId, {
        buyerId,
        paymentId: payment.id,
        until: new Date(at.getTime() + holdMsFor(request.method)),
      });
      return { payment, replayed: false };
    });
    if (started.replayed) return started;
    return { payment: await payments.collect(started.payment, check.details), replayed: false };
  }

  return {
    reserve: (listingId: string, buyerId: string, request: CheckoutRequest) =>
      start('reservation', listingId, buyerId, request, null),
    buy: (listingId: string, buyerId: string, request: PurchaseRequest) =>
      start('purchase', listingId, buyerId, request, request.owner, request.collection),

    async listing(listingId: string) {
      const listing = await purchaseRepository(db).findListing(listingId);
      return listing && listingView(listing, now());
    },

    async order(paymentId: string): Promise<PurchaseOrder | undefined> {
      return purchaseRepository(db).orderForPayment(paymentId);
    },

    /** What reserving and buying the plate would cost this buyer now, by method, and whom Buy Now suggests as the owner. */
    async quote(listingId: string, buyer: { id: string; name: string } | null): Promise<Quote | undefined> {
      const listing = await purchaseRepository(db).findListing(listingId);
      if (!listing) return undefined;
      const buyerId = buyer?.id ?? null;
      const at = now();
      const { settings } = await settingsRepository(db).pricing();
      const buyNowByMethod = [];
      for (const method of MARKETPLACE_METHODS) {
        const breakdown = await buyNow(db, listing, buyerId ?? '', method, at, settings);
        buyNowByMethod.push({
          ...breakdown,
          method,
          methodName: paymentMethodName(method),
          lines: purchaseLines(listing, method, breakdown, settings),
        });
      }
      const allowed: PurchaseCheck = { ok: true };
      return {
        listing: listingView(listing, at),
        reservation: { amount: reservationPaymentAmount(settings), days: settings.reservationDays },
        buyNow: buyNowByMethod,
        mayReserve: buyerId === null ? null : (refusalOf('reservation', listing, buyerId, at) ?? allowed),
        mayBuy: buyerId === null ? null : (refusalOf('purchase', listing, buyerId, at) ?? allowed),
        owner: buyer && (await suggestedOwner(buyer)),
      };
    },

    /**
     * Ends the buyer's own live reservation before its time: the plate is for sale again at
     * once. The fee paid for holding it is not refunded (docs/payments.md).
     */
    async cancelReservation(listingId: string, buyerId: string, ip: string): Promise<void> {
      await db.transaction(async (tx) => {
        const purchases = purchaseRepository(tx);
        const listing = await purchases.lockListing(listingId);
        if (!listing) throw new Refusal(404, LISTING_NOT_FOUND);
        const at = now();
        if (!holdsLiveReservation(listing, buyerId, at)) throw new Refusal(409, NO_RESERVATION_TO_CANCEL);
        await purchases.cancelReservation(listing.id);
        await auditRepository(tx).record({
          actorId: buyerId,
          action: 'reservation.cancel',
          target: listing.id,
          detail: {
            plateNumber: listing.number,
            reservedUntil: listing.reservedUntil,
            paymentId: listing.reservationPaymentId,
          },
          ip,
        });
      });
    },

    /** The buyer's live reservations and their orders. */
    async mine(buyerId: string) {
      const purchases = purchaseRepository(db);
      const at = now();
      const [reservations, orders] = await Promise.all([
        purchases.reservationsOf(buyerId, at),
        purchases.ordersOf(buyerId),
      ]);
      return { reservations: reservations.map((listing) => listingView(listing, at)), orders };
    },
  };
}
