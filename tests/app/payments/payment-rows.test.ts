import { describe, expect, it } from 'vitest';
import { methodDetail, newestFirst, receiptPath } from '../../../src/app/payments/payment-rows';

describe('methodDetail', () => {
  it('shows a card by brand and last four digits only', () => {
    expect(
      methodDetail({
        method: 'card',
        methodName: 'Credit/Debit Card',
        card: { brand: 'Visa', last4: '4242' },
        payerPhone: null,
      }),
    ).toBe('Visa •••• 4242');
  });

  it('shows mobile money with the wallet number', () => {
    expect(
      methodDetail({ method: 'mtn', methodName: 'MTN Mobile Money', card: null, payerPhone: '+260961234567' }),
    ).toBe('MTN Mobile Money · +260 96 123 4567');
  });

  it('falls back to the method’s name', () => {
    expect(methodDetail({ method: 'bank', methodName: 'Bank Transfer', card: null, payerPhone: null })).toBe(
      'Bank Transfer',
    );
  });
});

describe('newestFirst', () => {
  it('orders payments by when they started, newest first', () => {
    const payments = [
      { reference: 'PAY-000001', createdAt: '2026-11-01T10:00:00.000Z' },
      { reference: 'PAY-000003', createdAt: '2026-11-03T10:00:00.000Z' },
      { reference: 'PAY-000002', createdAt: '2026-11-03T10:00:00.000Z' },
    ];
    expect(newestFirst(payments).map((payment) => payment.reference)).toEqual([
      'PAY-000003',
      'PAY-000002',
      'PAY-000001',
    ]);
  });
});

describe('receiptPath', () => {
  it('is the receipt page of the payment', () => {
    expect(receiptPath('0193-abc')).toBe('/dashboard/user/payments/0193-abc');
  });
});
