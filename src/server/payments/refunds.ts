/**
 * Refunds on the server: started inside the transaction of what makes them due (an application
 * rejected, an order cancelled before manufacturing, a number that could not be allocated, a
 * payment approved after what it paid for had gone), then asked of the payment provider after
 * that transaction commits (no row lock is held across a provider call), and settled by the
 * provider's events through the domain's state machine (#domain/payments/refund). One refund per
 * payment: starting it again finds the same refund. The payer is told when the money is back.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from '#domain/ids/uuid-v7';
import { formatKwacha, ngwee } from '#domain/money/money';
import {
  createRefund,
  formatRefundReference,
  type RefundEvent,
  type RefundReason,
  refundAmount,
  transitionRefund,
} from '#domain/payments/refund';
import { formatPaymentReference } from '#domain/payments/reference';
import { paymentMethodName } from '#domain/pricing/pricing';
import type { Database, Queryable } from '../db/database';
import { notify } from '../notifications/notify';
import { auditRepository } from '../repositories/audit-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { refundRepository, type StoredRefund } from '../repositories/refund-repository';
import type { PaymentProvider } from './provider';
import { Refusal } from './refusal-reply';

export const REFUND_NOT_FOUND = 'This refund was not found.';

export interface StartRefundInput {
  paymentId: string;
  reason: RefundReason;
  /** The administrator whose decision made it due; null when the system did (a late approval). */
  requestedBy?: string | null;
  at: Date;
  /** Ngwee kept by rule (docs/payments.md, "Refunds"); nothing by default. */
  kept?: number;
}

/**
 * Starts the refund of an approved payment inside the caller's transaction: recorded pending,
 * sent to the provider once the transaction commits (refundService.process, or the sweep).
 * Answers the payment's refund (an earlier one if it had one), or null when nothing was paid.
 */
export async function startRefund(tx: Queryable, input: StartRefundInput): Promise<StoredRefund | null> {
  const payment = await paymentRepository(tx).find(input.paymentId, { forUpdate: true });
  if (!payment) throw new Error(`payment ${input.paymentId} not found for a refund`);
  const refunds = refundRepository(tx);
  const earlier = await refunds.forPayment(payment.id);
  if (earlier) return earlier;
  const amount = refundAmount(payment, { kept: input.kept });
  if (amount <= 0) return null;
  const refund = createRefund({
    id: uuidv7(input.at.getTime(), randomBytes(10)),
    paymentId: payment.id,
    amount,
    paid: payment.amount,
    now: input.at,
  });
  const { refund: stored, created } = await refunds.insertOnce({
    ...refund,
    payerId: payment.payerId,
    reason: input.reason,
    provider: payment.provider,
    requestedBy: input.requestedBy ?? null,
  });
  if (created) {
    await auditRepository(tx).record({
      actorId: input.requestedBy ?? null,
      action: 'refund.start',
      target: stored.id,
      detail: {
        reference: formatRefundReference(stored.number),
        payment: formatPaymentReference(payment.number),
        amount: stored.amount,
        reason: input.reason,
      },
    });
  }
  return stored;
}

/**
 * Applies a provider event or a retry inside the caller's transaction; tells the payer when the
 * money is back. A refused event (a refunded refund reported failed) is a 409 Refusal.
 */
export async function settleRefund(
  tx: Queryable,
  refundId: string,
  event: RefundEvent,
  options: { by?: string | null; ip?: string; at: Date },
): Promise<StoredRefund> {
  const refunds = refundRepository(tx);
  const stored = await refunds.find(refundId, { forUpdate: true });
  if (!stored) throw new Refusal(404, REFUND_NOT_FOUND);
  const result = transitionRefund(stored, event, options.at);
  if (!result.ok) throw new Refusal(409, result.message);
  if (!result.changed) return stored;
  const saved = await refunds.save({
    ...stored,
    ...result.refund,
    // A retry is a new request to the provider: it gets its own transaction there.
    providerRef: event.type === 'retry' ? null : stored.providerRef,
    requestedBy: options.by ?? null,
  });
  const reference = formatRefundReference(saved.number);
  await auditRepository(tx).record({
    actorId: options.by ?? null,
    action: `refund.${event.type}`,
    target: saved.id,
    outcome: saved.status === 'failed' ? 'failure' : 'success',
    detail: { reference, amount: saved.amount, attempts: saved.attempts, failure: saved.failureReason ?? undefined },
    ip: options.ip ?? null,
  });
  if (saved.status === 'refunded') {
    const payment = await paymentRepository(tx).find(saved.paymentId);
    const paymentRef = payment ? formatPaymentReference(payment.number) : '';
    const method = payment ? paymentMethodName(payment.method) : 'the payment method';
    await notify(tx, saved.payerId, {
      kind: 'refund-made',
      title: `Refund ${reference} made`,
      body: `Your payment ${paymentRef} has been refunded: ${formatKwacha(saved.amount)} was paid back to your ${method}.`,
      link: `/dashboard/user/payments/${encodeURIComponent(saved.paymentId)}`,
    });
  }
  return saved;
}

export interface RefundContext {
  db: Database;
  provider: PaymentProvider;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function refundService({ db, provider, now, log }: RefundContext) {
  /** Applies a provider event or a retry in its own transaction. */
  async function settle(
    refundId: string,
    event: RefundEvent,
    options: { by?: string | null; ip?: string } = {},
  ): Promise<StoredRefund> {
    return db.transaction((tx) => settleRefund(tx, refundId, event, { ...options, at: now() }));
  }

  /** Asks the provider: for a refund not yet sent, to make it; for one sent, how it stands. */
  async function process(refund: StoredRefund): Promise<StoredRefund> {
    if (refund.status !== 'pending') return refund;
    if (refund.provider !== provider.name) {
      log.warn({ refundId: refund.id }, 'refund taken by another payment provider: refund it there');
      return refund;
    }
    try {
      if (refund.providerRef === null) {
        const payment = await paymentRepository(db).find(refund.paymentId);
        if (!payment) return refund;
        const answer = await provider.refund({
          providerRef: payment.providerRef,
          amount: refund.amount,
          reference: formatRefundReference(refund.number),
          idempotencyKey: `${refund.id}:${refund.attempts}`,
          method: payment.method,
          card: payment.card,
        });
        await refundRepository(db).setProviderRef(refund.id, answer.providerRef);
        const sent = { ...refund, providerRef: answer.providerRef };
        return answer.event ? settle(refund.id, answer.event) : sent;
      }
      const event = await provider.refundStatus(
        { providerRef: refund.providerRef, attemptedAt: refund.attemptedAt },
        now(),
      );
      return event ? await settle(refund.id, event) : refund;
    } catch (error) {
      if (error instanceof Refusal) throw error;
      // The provider did not answer: the refund stays pending and is asked about again.
      log.error({ err: error, refundId: refund.id }, 'payment provider failed on a refund');
      return refund;
    }
  }

  return {
    settle,
    process,

    /** Sends and polls pending refunds, longest waiting first; how many were looked at. */
    async sweep(limit = 100): Promise<number> {
      const pending = await refundRepository(db).listPending(limit);
      for (const refund of pending) await process(refund);
      return pending.length;
    },

    /** A failed refund asked of the provider again (an administrator's retry). */
    async retry(refundId: string, adminId: string, ip: string): Promise<StoredRefund> {
      const retried = await settle(refundId, { type: 'retry' }, { by: adminId, ip });
      return process(retried);
    },

    /** The payment's refund brought up to date, or undefined when it has none. */
    async forPayment(paymentId: string): Promise<StoredRefund | undefined> {
      const refund = await refundRepository(db).forPayment(paymentId);
      return refund && (await process(refund));
    },
  };
}

export type RefundService = ReturnType<typeof refundService>;

/** What a receipt says of its payment's refund. */
export function refundSummary(refund: StoredRefund | undefined | null) {
  if (!refund) return null;
  return {
    id: refund.id,
    reference: formatRefundReference(refund.number),
    status: refund.status,
    amount: ngwee(refund.amount),
    reason: refund.reason,
    createdAt: refund.createdAt,
    settledAt: refund.settledAt,
  };
}
