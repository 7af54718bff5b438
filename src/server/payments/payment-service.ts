/**
 * A payment's life on the server: recorded pending inside the checkout's transaction,
 * sent to the provider after that transaction commits (no row lock is ever held across
 * a provider call), and settled by the provider's events through the domain's state
 * machine. Settling applies its effect — the reservation made, the plate sold, the
 * application paid, the registration renewed — or releases the plate's hold, in the
 * same transaction as the new status, and only when the status really changes, so a
 * repeated event does nothing.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from '#domain/ids/uuid-v7';
import { type Ngwee, ngwee } from '#domain/money/money';
import {
  createPayment,
  effectivePayment,
  type Payment,
  type PaymentEvent,
  paymentExpiresAt,
  type PaymentStatus,
  transition,
} from '#domain/payments/payment';
import { paymentNotice } from '#domain/payments/payment-notice';
import { formatPaymentReference } from '#domain/payments/reference';
import { type PaymentMethodId, paymentMethodName } from '#domain/pricing/pricing';
import type { CheckoutOwner } from '#domain/purchases/checkout-owner';
import { reservationEnds } from '#domain/purchases/reservation';
import type { Database, Queryable } from '../db/database';
import type { Signer } from '../credentials/key-store';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { applyRenewal } from '../lifecycle/reissue';
import { notify } from '../notifications/notify';
import { auditRepository } from '../repositories/audit-repository';
import {
  type PaymentLine,
  type PaymentPurpose,
  paymentRepository,
  type StoredPayment,
} from '../repositories/payment-repository';
import { type ListingState, purchaseRepository } from '../repositories/purchase-repository';
import { settingsRepository } from '../repositories/settings-repository';
import { userRepository } from '../repositories/user-repository';
import type { RefundSummary } from '#domain/api/payments';
import type { StoredRefund } from '../repositories/refund-repository';
import type { CheckedDetails, PaymentProvider, ProviderStatus } from './provider';
import { refundSummary, startRefund } from './refunds';
import { Refusal } from './refusal-reply';

export const PAYMENT_NOT_FOUND = 'This payment was not found.';
export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached; nothing was charged. Please try again.';
export const ONLY_BANK_TRANSFERS =
  'Only a bank transfer is marked received by an administrator; mobile money and cards are settled by the payer.';

/** Where the card provider's page sends the payer back to: the payment's receipt, which asks the provider. */
export function paymentReturnPath(paymentId: string): string {
  return `/dashboard/user/payments/${encodeURIComponent(paymentId)}`;
}

/** A line's role, so the order and the receipt read the figures without parsing labels. */
export type LineKind =
  'price' | 'plates' | 'processing' | 'gateway' | 'reservation-credit' | 'reservation-fee' | 'renewal-fee' | 'delivery';
export type ReceiptLine = PaymentLine & { kind: LineKind };

export interface PaymentContext {
  db: Database;
  provider: PaymentProvider;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Signs the credential an approved renewal re-issues; null or absent where this server cannot sign. */
  signer?: Signer | null;
}

export interface NewPaymentInput {
  payerId: string;
  idempotencyKey: string;
  purpose: PaymentPurpose;
  listingId?: string | null;
  requestId?: string | null;
  /** The plate a renewal pays for. */
  plateNumber?: string | null;
  description: string;
  lines: ReceiptLine[];
  method: PaymentMethodId;
  amount: Ngwee;
  details: CheckedDetails;
  at: Date;
  /** A marketplace purchase's owner, as the buyer gave them at Buy Now. */
  owner?: CheckoutOwner | null;
}

/** Records a new pending payment inside the caller's transaction (the checkout's checks have passed). */
export async function recordPayment(
  tx: Queryable,
  provider: PaymentProvider,
  input: NewPaymentInput,
): Promise<StoredPayment> {
  const payment = createPayment({
    id: uuidv7(input.at.getTime(), randomBytes(10)),
    idempotencyKey: input.idempotencyKey,
    method: input.method,
    amount: input.amount,
    now: input.at,
  });
  return paymentRepository(tx).insert({
    id: payment.id,
    idempotencyKey: payment.idempotencyKey,
    method: payment.method,
    amount: payment.amount,
    createdAt: payment.createdAt,
    payerId: input.payerId,
    purpose: input.purpose,
    listingId: input.listingId ?? null,
    requestId: input.requestId ?? null,
    plateNumber: input.plateNumber ?? null,
    description: input.description,
    lines: input.lines,
    provider: provider.name,
    payerPhone: input.details.payerPhone,
    // A card is entered on the provider's page; what may be kept of it arrives with the provider's report.
    card: null,
    expiresAt: paymentExpiresAt(payment)?.toISOString() ?? null,
    owner: input.owner ?? null,
  });
}

/** The amount of the first line of a kind (zero when there is none). */
export function lineAmount(lines: readonly PaymentLine[], kind: LineKind): Ngwee {
  const line = lines.find((candidate) => (candidate as Partial<ReceiptLine>).kind === kind);
  return ngwee(line?.amount ?? 0);
}

export interface Receipt {
  id: string;
  reference: string;
  status: PaymentStatus;
  purpose: PaymentPurpose;
  description: string;
  method: PaymentMethodId;
  methodName: string;
  amount: number;
  currency: 'ZMW';
  lines: PaymentLine[];
  listingId: string | null;
  requestId: string | null;
  payerPhone: string | null;
  card: { brand: string; last4: string } | null;
  declineReason: string | null;
  createdAt: string;
  settledAt: string | null;
  expiresAt: string | null;
  /** What to do next while pending (bank transfer details); null otherwise. */
  instructions: string | null;
  /** Paid, but what it paid for had gone (a late approval): the operator owes a refund. */
  refundDue: boolean;
  /** The payment's refund, if one was started. */
  refund: RefundSummary | null;
  provider: string;
  /** A pending card payment: the card provider's page where the payer enters the card; null otherwise. */
  checkoutUrl: string | null;
  /** A marketplace purchase: whose the plate will be registered to, as the buyer gave it; null otherwise. */
  owner: CheckoutOwner | null;
}

export type SettleResult =
  { ok: true; payment: StoredPayment } | { ok: false; message: string; payment: StoredPayment };

export function paymentService({ db, provider, now, log, signer = null }: PaymentContext) {
  /** The payment as it stands at `at` (a request-to-pay past its time reads timed out). */
  const current = (payment: StoredPayment, at: Date): StoredPayment => {
    const effective: Payment = effectivePayment(payment, at);
    return effective === payment ? payment : { ...payment, status: effective.status, settledAt: effective.settledAt };
  };

  /**
   * Whose a bought plate is: the identity the buyer gave at the checkout. A purchase started
   * before Buy Now asked names no one: the account's name then, and no NRC, which a shop's sale
   * of the plate is refused for.
   */
  async function ownerOf(tx: Queryable, payment: StoredPayment): Promise<{ ownerName: string; ownerNrc: string }> {
    if (payment.owner) return { ownerName: payment.owner.name, ownerNrc: payment.owner.nrc };
    return { ownerName: (await userRepository(tx).nameOf(payment.payerId)) ?? '', ownerNrc: '' };
  }

  /** What approval does, by what was paid for; 'refund_due' when the plate is no longer this payment's to take. */
  async function applyApproval(
    tx: Queryable,
    payment: StoredPayment,
    listing: ListingState | undefined,
    at: Date,
  ): Promise<'applied' | 'refund_due'> {
    if (payment.purpose === 'application') return 'applied';
    if (payment.purpose === 'renewal') return applyRenewal(tx, signer, payment, at);
    const purchases = purchaseRepository(tx);
    // Every other change to the listing (another hold, a reservation, a sale) replaces the hold, so this is the whole check.
    if (!listing || listing.holdPaymentId !== payment.id) return 'refund_due';
    if (payment.purpose === 'reservation') {
      const { settings } = await settingsRepository(tx).pricing();
      await purchases.reserve(listing.id, {
        buyerId: payment.payerId,
        paymentId: payment.id,
        until: reservationEnds(at, settings.reservationDays),
      });
      return 'applied';
    }
    await purchases.sell(listing.id, { buyerId: payment.payerId, at });
    // The vehicle, shop and delivery the buyer gave at Buy Now (none for a purchase started before it asked).
    const collection = await purchases.checkoutCollectionOf(payment.id);
    const order = await purchases.addOrder({
      listingId: listing.id,
      plateNumber: listing.number,
      buyerId: payment.payerId,
      ...(await ownerOf(tx, payment)),
      paymentId: payment.id,
      price: lineAmount(payment.lines, 'price'),
      reservationCredit: ngwee(-lineAmount(payment.lines, 'reservation-credit')),
      total: payment.amount,
      createdAt: at.toISOString(),
      vehicle: collection?.vehicle ?? '',
      shopId: collection?.shopId ?? null,
      deliveryAddress: collection?.deliveryAddress ?? null,
    });
    // The number is now the buyer's: held in the registry for the identity given at the checkout, and given to a shop to make.
    await plateLifecycle(tx).holdForPurchase(
      {
        plateNumber: listing.number,
        buyerId: payment.payerId,
        ownerName: order.ownerName,
        ownerNrc: order.ownerNrc,
        orderRef: order.id,
        vehicle: order.vehicle,
        shopId: order.shopId,
        deliveryAddress: order.deliveryAddress,
        at,
      },
      { id: payment.payerId },
    );
    return 'applied';
  }

  /** Stores the payment's new status with its effect, in the caller's transaction. */
  async function storeSettled(
    tx: Queryable,
    stored: StoredPayment,
    next: Payment,
    listing: ListingState | undefined,
    at: Date,
    settledBy: string | null,
  ): Promise<StoredPayment> {
    let effect: StoredPayment['effect'] = null;
    if (next.status === 'approved') effect = await applyApproval(tx, stored, listing, at);
    else if (listing) await purchaseRepository(tx).releaseHold(listing.id, stored.id);
    const saved = await paymentRepository(tx).save({
      ...stored,
      status: next.status,
      settledAt: next.settledAt,
      declineReason: next.declineReason,
      effect,
      settledBy,
    });
    if (effect === 'refund_due') {
      // Paid back through the provider that took it, like any other refund.
      await startRefund(tx, { paymentId: stored.id, reason: 'late-approval', at });
      log.warn({ paymentId: stored.id }, 'payment approved after what it paid for had gone: refund due');
      await auditRepository(tx).record({
        actorId: null,
        action: 'payment.refund_due',
        target: stored.id,
        outcome: 'failure',
        detail: { purpose: stored.purpose, listingId: stored.listingId, amount: stored.amount },
      });
    }
    // Called only when the status really changes, so the payer hears of each change once.
    if (saved.status !== 'pending') {
      const facts = {
        reference: formatPaymentReference(stored.number),
        purpose: stored.purpose,
        description: stored.description,
        method: stored.method,
        amount: stored.amount,
      };
      const notice = paymentNotice({
        ...facts,
        status: saved.status,
        declineReason: saved.declineReason,
        isRefundDue: effect === 'refund_due',
      });
      await notify(tx, stored.payerId, {
        ...notice,
        link: `/dashboard/user/payments/${encodeURIComponent(stored.id)}`,
      });
    }
    return saved;
  }

  /**
   * Applies a provider or administrator event. The listing (if any) is locked before the
   * payment, the same order a checkout takes them in, so the two never deadlock.
   */
  async function settle(
    paymentId: string,
    event: PaymentEvent,
    options: { settledBy?: string; ip?: string } = {},
  ): Promise<SettleResult> {
    return db.transaction(async (tx) => {
      const payments = paymentRepository(tx);
      const peek = await payments.find(paymentId);
      if (!peek) throw new Refusal(404, PAYMENT_NOT_FOUND);
      const listing = peek.listingId ? await purchaseRepository(tx).lockListing(peek.listingId) : undefined;
      const stored = (await payments.find(paymentId, { forUpdate: true })) ?? peek;
      const at = now();
      const result = transition(stored, event, at);
      if (!result.ok) {
        // Timed out by time alone: record it once, releasing the hold, so the row says what readers already see.
        const saved =
          result.payment.status !== stored.status
            ? await storeSettled(tx, stored, result.payment, listing, at, null)
            : stored;
        return { ok: false, message: result.message, payment: saved };
      }
      if (!result.changed) return { ok: true, payment: stored };
      const saved = await storeSettled(tx, stored, result.payment, listing, at, options.settledBy ?? null);
      if (options.settledBy) {
        await auditRepository(tx).record({
          actorId: options.settledBy,
          action: `payment.${event.type}`,
          target: stored.id,
          detail: { reference: formatPaymentReference(stored.number), amount: stored.amount, method: stored.method },
          ip: options.ip ?? null,
        });
      }
      return { ok: true, payment: saved };
    });
  }

  /** After the checkout's transaction: asks the provider to collect, and settles at once if it answers at once. */
  async function collect(payment: StoredPayment, details: CheckedDetails): Promise<StoredPayment> {
    const request = {
      paymentId: payment.id,
      reference: formatPaymentReference(payment.number),
      method: payment.method,
      amount: payment.amount,
      description: payment.description,
      details,
      // The payer comes back to the payment's receipt, which asks the provider how it went.
      returnUrl: paymentReturnPath(payment.id),
    };
    let answer;
    try {
      answer = await provider.requestPayment(request);
    } catch (error) {
      log.error({ err: error, paymentId: payment.id }, 'payment provider failed');
      // A card has no waiting time to run out: without a page to pay on it is declined, and the plate's hold released.
      if (payment.method === 'card')
        return (await settle(payment.id, { type: 'decline', reason: PROVIDER_UNREACHABLE })).payment;
      return payment;
    }
    const withRef =
      (await paymentRepository(db).setProviderRef(payment.id, answer.providerRef, answer.checkoutUrl)) ?? payment;
    return answer.event ? (await settle(payment.id, answer.event)).payment : withRef;
  }

  /** A pending payment brought up to date with what a polling provider knows; one past its time is recorded timed out. */
  async function refresh(payment: StoredPayment): Promise<StoredPayment> {
    const standing = current(payment, now()).status;
    if (standing === 'timed_out' && payment.status === 'pending')
      return (await settle(payment.id, { type: 'time_out' })).payment;
    if (standing !== 'pending') return payment;
    let news: ProviderStatus | null = null;
    try {
      news = await provider.status({ providerRef: payment.providerRef, method: payment.method });
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, 'payment status check failed');
    }
    if (!news) return payment;
    // What may be kept of the card used on the provider's page (brand, last four digits), never its number.
    if (news.card && payment.method === 'card') await paymentRepository(db).claimCard(payment.id, news.card);
    return (await settle(payment.id, news.event)).payment;
  }

  return {
    current,
    settle,
    collect,

    refresh,

    /**
     * Records requests-to-pay whose time ran out unanswered, and card payments whose page the
     * provider has closed, so their payers are told (and what they held freed) even when nobody is looking.
     */
    async recordLapsed(limit = 100): Promise<number> {
      const payments = paymentRepository(db);
      const lapsed = await payments.listLapsed(now(), limit);
      for (const payment of lapsed) await settle(payment.id, { type: 'time_out' });
      // Card payments left on the provider's page past its lifetime: the provider says how they ended.
      const waiting = await payments.listWaitingCards(
        new Date(now().getTime() - provider.cardCheckoutLifetimeMs),
        limit,
      );
      let settled = lapsed.length;
      for (const payment of waiting) if ((await refresh(payment)).status !== 'pending') settled += 1;
      return settled;
    },

    /** The receipt: what was paid for, the lines, the method and where it stands at `at`. */
    receipt(payment: StoredPayment, at: Date = now(), refund: StoredRefund | null = null): Receipt {
      const standing = current(payment, at);
      const reference = formatPaymentReference(payment.number);
      return {
        id: payment.id,
        reference,
        status: standing.status,
        purpose: payment.purpose,
        description: payment.description,
        method: payment.method,
        methodName: paymentMethodName(payment.method),
        amount: payment.amount,
        currency: 'ZMW',
        lines: payment.lines,
        listingId: payment.listingId,
        requestId: payment.requestId,
        payerPhone: payment.payerPhone,
        card: payment.card,
        declineReason: standing.declineReason,
        createdAt: payment.createdAt,
        settledAt: standing.settledAt,
        expiresAt: payment.expiresAt,
        instructions: standing.status === 'pending' ? provider.instructions(payment.method, reference) : null,
        refundDue: payment.effect === 'refund_due',
        refund: refundSummary(refund),
        provider: payment.provider,
        checkoutUrl: standing.status === 'pending' && payment.method === 'card' ? payment.checkoutUrl : null,
        owner: payment.owner,
      };
    },

    /** Marks a bank transfer received (an administrator saw the money arrive); the payer is told. */
    async markReceived(paymentId: string, adminId: string, ip: string): Promise<SettleResult> {
      const payment = await paymentRepository(db).find(paymentId);
      if (!payment) throw new Refusal(404, PAYMENT_NOT_FOUND);
      if (payment.method !== 'bank') throw new Refusal(409, ONLY_BANK_TRANSFERS);
      return settle(paymentId, { type: 'approve' }, { settledBy: adminId, ip });
    },
  };
}

export type PaymentService = ReturnType<typeof paymentService>;
