import { describe, expect, it } from 'vitest';
import type { AdminRefund } from '../../../src/domain/api/payments';
import { refundsCsv, refundsCsvFileName } from '../../../src/domain/payments/refund-csv';

const refund: AdminRefund = {
  id: 'r1',
  reference: 'REF-000001',
  status: 'failed',
  amount: 31_600,
  reason: 'application-rejected',
  createdAt: '2026-03-01T10:00:00.000Z',
  settledAt: '2026-03-01T10:00:05.000Z',
  paymentId: 'p1',
  paymentReference: 'PAY-000001',
  paymentAmount: 31_600,
  method: 'card',
  methodName: 'Card',
  description: 'Application LP-000001, 1 plate',
  payerId: 'u1',
  payerName: 'Mwila Banda',
  attempts: 1,
  attemptedAt: '2026-03-01T10:00:00.000Z',
  failureReason: 'The card issuer refused the refund',
};

describe('refundsCsv', () => {
  it('writes a header and one row per refund, amounts in kwacha, quoting what needs it', () => {
    const lines = refundsCsv([refund]).replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Refund,Status,Amount (ZMW),Payment,Paid (ZMW),Method,Payer,For,Reason,Attempts,Started,Settled,Failure',
    );
    expect(lines[1]).toBe(
      'REF-000001,Refund failed,316.00,PAY-000001,316.00,Card,Mwila Banda,"Application LP-000001, 1 plate",Application rejected,1,2026-03-01 12:00 CAT,2026-03-01 12:00 CAT,The card issuer refused the refund',
    );
    expect(refundsCsvFileName('2026-03-01')).toBe('nambala-refunds-2026-03-01.csv');
  });
});
