import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '#domain/payments/payment';
import { paymentPageTitle } from '#domain/payments/receipt';

describe('paymentPageTitle', () => {
  it('calls a page a receipt only once the money was received', () => {
    expect(paymentPageTitle({ status: 'approved', reference: 'PAY-000012' })).toBe('Receipt PAY-000012');
    for (const status of PAYMENT_STATUSES.filter((candidate) => candidate !== 'approved'))
      expect(paymentPageTitle({ status, reference: 'PAY-000013' }), status).toBe('Payment PAY-000013');
  });
});
