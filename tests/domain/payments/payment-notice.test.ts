import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ngwee } from '../../../src/domain/money/money';
import { type SettledPaymentStatus } from '../../../src/domain/payments/payment';
import { paymentNotice, type SettledPaymentFacts } from '../../../src/domain/payments/payment-notice';
import { PAYMENT_METHOD_IDS } from '../../../src/domain/pricing/pricing';

const base: SettledPaymentFacts = {
  reference: 'PAY-000042',
  purpose: 'purchase',
  description: 'Purchase of plate ABC 1234',
  method: 'mtn',
  amount: ngwee(31_500),
  status: 'approved',
  declineReason: null,
  isRefundDue: false,
};

describe('paymentNotice', () => {
  it('tells of an approval: the amount, the method, what it was for and what comes next', () => {
    expect(paymentNotice(base)).toEqual({
      kind: 'payment-received',
      title: 'Payment PAY-000042 received',
      body: 'We have received your payment of K315.00 by MTN Mobile Money for: Purchase of plate ABC 1234. The plate is yours: a plate shop will make it, and you will be told when it is ready for collection.',
    });
  });

  it('words a bank transfer as money received', () => {
    expect(
      paymentNotice({
        ...base,
        method: 'bank',
        purpose: 'application',
        description: 'Application LP-000007 for 2 plates',
      }).body,
    ).toBe(
      'We have received your bank transfer of K315.00 for: Application LP-000007 for 2 plates. Your application now goes to an administrator for review; you will be told when it is approved.',
    );
  });

  it('tells a reservation holder to buy before the reservation ends', () => {
    expect(
      paymentNotice({ ...base, purpose: 'reservation', description: 'Reservation of plate ABC 1234' }).body,
    ).toContain('buy it in the marketplace before the reservation ends');
  });

  it('says a late approval will be refunded instead of promising the plate', () => {
    const notice = paymentNotice({ ...base, isRefundDue: true });
    expect(notice).toMatchObject({ kind: 'payment-refund', title: 'Payment PAY-000042 will be refunded' });
    expect(notice.body).not.toContain('The plate is yours');
    expect(notice.body).toContain('the full amount will be refunded');
  });

  it('gives a decline’s reason, says nothing was charged and how to try again', () => {
    expect(paymentNotice({ ...base, method: 'card', status: 'declined', declineReason: 'Insufficient funds' })).toEqual(
      {
        kind: 'payment-declined',
        title: 'Payment PAY-000042 declined',
        body: 'Your payment of K315.00 by Credit/Debit Card was declined. It was for: Purchase of plate ABC 1234. Reason: Insufficient funds. Nothing was charged. The plate is no longer held for you: buy it again in the marketplace while it is still available.',
      },
    );
  });

  it('tells of a mobile-money request nobody approved in time', () => {
    const notice = paymentNotice({
      ...base,
      method: 'airtel',
      status: 'timed_out',
      purpose: 'application',
      description: 'Application LP-000007 for 1 plate',
    });
    expect(notice).toMatchObject({ kind: 'payment-timed-out', title: 'Payment PAY-000042 timed out' });
    expect(notice.body).toBe(
      'The Airtel Money request for K315.00 was not approved on the phone in time. It was for: Application LP-000007 for 1 plate. Nothing was charged. Your application stays submitted: pay for it again, with the same or another method, from My Plates & Orders.',
    );
  });

  it('tells of a card page left unused, not of a phone', () => {
    const notice = paymentNotice({
      ...base,
      method: 'card',
      status: 'timed_out',
      purpose: 'application',
      description: 'Application LP-000007 for 1 plate',
    });
    expect(notice.body).toMatch(/^The card page for K315\.00 was left unused and closed\. It was for/);
    expect(notice.body).not.toContain('phone');
  });

  it('keeps to the facts for a purpose it has no next step for', () => {
    const notice = paymentNotice({ ...base, purpose: 'renewal', description: 'Renewal of plate ABC 1234' });
    expect(notice.body).toBe(
      'We have received your payment of K315.00 by MTN Mobile Money for: Renewal of plate ABC 1234.',
    );
  });

  it('always names the reference, the amount and what was paid for', () => {
    const statuses: SettledPaymentStatus[] = ['approved', 'declined', 'timed_out', 'cancelled'];
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom(...statuses),
          method: fc.constantFrom(...PAYMENT_METHOD_IDS),
          purpose: fc.constantFrom('reservation', 'purchase', 'application', 'renewal'),
          amount: fc.integer({ min: 1, max: 100_000_000 }),
          number: fc.integer({ min: 1, max: 999_999 }),
          declineReason: fc.option(fc.constantFrom('Card expired', 'Declined on the phone'), { nil: null }),
          isRefundDue: fc.boolean(),
        }),
        ({ status, method, purpose, amount, number, declineReason, isRefundDue }) => {
          const reference = `PAY-${String(number).padStart(6, '0')}`;
          const notice = paymentNotice({
            ...base,
            reference,
            status,
            method,
            purpose,
            amount: ngwee(amount),
            declineReason,
            isRefundDue,
            description: `Something for ${purpose}`,
          });
          expect(notice.title).toContain(reference);
          expect(notice.body).toContain(
            `K${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
          );
          expect(notice.body).toContain(`Something for ${purpose}.`);
          if (status === 'declined' || status === 'timed_out') expect(notice.body).toContain('Nothing was charged.');
          if (status !== 'approved') expect(notice.body).not.toContain('We have received');
        },
      ),
    );
  });
});
