import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createRefund,
  formatRefundReference,
  REFUND_ALREADY_MADE,
  REFUND_STILL_PENDING,
  refundAmount,
  keptReservationFee,
  refundForPayer,
  transitionRefund,
} from '../../../src/domain/payments/refund';

const at = new Date('2026-03-01T10:00:00.000Z');
const later = new Date('2026-03-01T10:05:00.000Z');
const pending = () => createRefund({ id: 'r1', paymentId: 'p1', amount: 31_600, paid: 31_600, now: at });

describe('refundAmount', () => {
  it('pays back the whole of an approved payment', () => {
    expect(refundAmount({ amount: 31_600, status: 'approved' })).toBe(31_600);
  });

  it('keeps a reservation fee credited to a purchase: a partial refund', () => {
    expect(refundAmount({ amount: 338_000, status: 'approved' }, { kept: 20_000 })).toBe(318_000);
  });

  it('refunds nothing of a payment that was never approved', () => {
    for (const status of ['pending', 'declined', 'timed_out', 'cancelled'])
      expect(refundAmount({ amount: 31_600, status })).toBe(0);
  });

  it('never refunds more than was paid, nor less than nothing, whatever is kept or already refunded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 200_000_000 }),
        fc.integer({ min: 0, max: 200_000_000 }),
        (paid, kept, already) => {
          const amount = refundAmount({ amount: paid, status: 'approved' }, { kept, alreadyRefunded: already });
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(paid);
          expect(Number.isInteger(amount)).toBe(true);
        },
      ),
    );
  });

  it('two refunds of one payment together never exceed what was paid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (paid, kept) => {
        const first = refundAmount({ amount: paid, status: 'approved' }, { kept });
        const second = refundAmount({ amount: paid, status: 'approved' }, { alreadyRefunded: first });
        expect(first + second).toBeLessThanOrEqual(paid);
      }),
    );
  });
});

describe('createRefund', () => {
  it('starts pending on its first attempt', () => {
    expect(pending()).toMatchObject({ status: 'pending', attempts: 1, amount: 31_600, settledAt: null });
  });

  it('refuses a refund of nothing or of more than was paid', () => {
    expect(() => createRefund({ id: 'r', paymentId: 'p', amount: 0, paid: 100, now: at })).toThrow(RangeError);
    expect(() => createRefund({ id: 'r', paymentId: 'p', amount: 101, paid: 100, now: at })).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (amount, paid) => {
        if (amount > paid) expect(() => createRefund({ id: 'r', paymentId: 'p', amount, paid, now: at })).toThrow();
        else expect(createRefund({ id: 'r', paymentId: 'p', amount, paid, now: at }).amount).toBe(amount);
      }),
    );
  });
});

describe('transitionRefund', () => {
  it('pending, then refunded; a refunded refund never changes again', () => {
    const done = transitionRefund(pending(), { type: 'refunded' }, later);
    expect(done).toMatchObject({
      ok: true,
      changed: true,
      refund: { status: 'refunded', settledAt: later.toISOString() },
    });
    if (!done.ok) return;
    expect(transitionRefund(done.refund, { type: 'refunded' }, later)).toMatchObject({ ok: true, changed: false });
    expect(transitionRefund(done.refund, { type: 'fail', reason: 'x' }, later)).toMatchObject({
      ok: false,
      message: REFUND_ALREADY_MADE,
    });
    expect(transitionRefund(done.refund, { type: 'retry' }, later)).toMatchObject({ ok: false });
  });

  it('a failed refund is retried: pending again, one more attempt, then refunded', () => {
    const failed = transitionRefund(pending(), { type: 'fail', reason: 'Account closed' }, later);
    expect(failed).toMatchObject({ ok: true, refund: { status: 'failed', failureReason: 'Account closed' } });
    if (!failed.ok) return;
    expect(transitionRefund(failed.refund, { type: 'fail', reason: 'again' }, later)).toMatchObject({ changed: false });
    const retried = transitionRefund(failed.refund, { type: 'retry' }, later);
    expect(retried).toMatchObject({ ok: true, refund: { status: 'pending', attempts: 2, failureReason: null } });
    if (!retried.ok) return;
    expect(transitionRefund(retried.refund, { type: 'refunded' }, later)).toMatchObject({
      ok: true,
      refund: { status: 'refunded', attempts: 2 },
    });
  });

  it('a pending refund is not retried', () => {
    expect(transitionRefund(pending(), { type: 'retry' }, later)).toMatchObject({
      ok: false,
      message: REFUND_STILL_PENDING,
    });
  });

  it('the amount never changes, whatever the events', () => {
    const events = fc.constantFrom(
      { type: 'refunded' } as const,
      { type: 'fail', reason: 'no' } as const,
      { type: 'retry' } as const,
    );
    fc.assert(
      fc.property(fc.array(events, { maxLength: 12 }), (sequence) => {
        let refund = pending();
        let refundedOnce = false;
        for (const event of sequence) {
          const result = transitionRefund(refund, event, later);
          if (refundedOnce) expect(result.refund.status).toBe('refunded');
          refund = result.refund;
          if (refund.status === 'refunded') refundedOnce = true;
          expect(refund.amount).toBe(31_600);
        }
      }),
    );
  });
});

it('formats REF- references', () => {
  expect(formatRefundReference(7)).toBe('REF-000007');
});

describe('refundForPayer', () => {
  it('says Refunded with the amount and the day, or Refund pending with the day it started', () => {
    const base = { amount: 31_600, createdAt: '2026-03-01T10:00:00.000Z', settledAt: null };
    expect(refundForPayer({ ...base, status: 'pending' })).toEqual({
      label: 'Refund pending',
      text: 'Refund pending: K316.00, started on 1 Mar 2026',
    });
    expect(refundForPayer({ ...base, status: 'refunded', settledAt: '2026-03-02T09:00:00.000Z' })).toEqual({
      label: 'Refunded',
      text: 'Refunded K316.00 on 2 Mar 2026',
    });
    expect(refundForPayer({ ...base, status: 'failed' }).label).toBe('Refund pending');
  });
});

it('says a deducted reservation fee is kept when a purchase is refunded', () => {
  expect(keptReservationFee(-20_000)).toBe(
    'The reservation fee of K200.00 deducted from this purchase is kept: it paid for holding the plate.',
  );
  expect(keptReservationFee(undefined)).toBeNull();
});
