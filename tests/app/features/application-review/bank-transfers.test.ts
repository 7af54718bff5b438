import { describe, expect, it } from 'vitest';
import { transfersAwaitingConfirmation } from '../../../../src/app/features/application-review/bank-transfers';
import type { PendingPayment } from '../../../../src/app/features/application-review/applications-api';

describe('bank transfers awaiting confirmation', () => {
  const payment = (
    id: string,
    method: PendingPayment['method'],
    createdAt: string,
    status: PendingPayment['status'] = 'pending',
  ) => ({ id, method, createdAt, status }) as PendingPayment;

  it('keeps only pending bank transfers, oldest first', () => {
    const shown = transfersAwaitingConfirmation([
      payment('late', 'bank', '2026-11-20T10:00:00Z'),
      payment('momo', 'mtn', '2026-11-18T10:00:00Z'),
      payment('early', 'bank', '2026-11-19T10:00:00Z'),
      payment('done', 'bank', '2026-11-17T10:00:00Z', 'approved'),
    ]);
    expect(shown.map((entry) => entry.id)).toEqual(['early', 'late']);
  });
});
