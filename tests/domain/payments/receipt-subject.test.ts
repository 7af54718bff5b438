import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { receiptSubject } from '../../../src/domain/payments/receipt-subject';

describe('receiptSubject', () => {
  it('reads the application, with its LP- reference and number of plates, from what the receipt paid for', () => {
    expect(
      receiptSubject({ purpose: 'application', description: 'Application LP-000123 / REQ-012 for 2 plates' }),
    ).toEqual({ purpose: 'application', applicationReference: 'LP-000123', numberOfPlates: 2 });
    expect(receiptSubject({ purpose: 'application', description: 'Application LP-000007 for 1 plate' })).toEqual({
      purpose: 'application',
      applicationReference: 'LP-000007',
      numberOfPlates: 1,
    });
  });

  it('reads the plate of a purchase, a reservation and a renewal', () => {
    expect(receiptSubject({ purpose: 'purchase', description: 'Purchase of plate ZM-777-VIP' })).toEqual({
      purpose: 'purchase',
      plateNumber: 'ZM-777-VIP',
    });
    expect(receiptSubject({ purpose: 'reservation', description: 'Reservation of plate ABC 1234' })).toEqual({
      purpose: 'reservation',
      plateNumber: 'ABC 1234',
      reservedUntil: null,
    });
    expect(receiptSubject({ purpose: 'renewal', description: 'Renewal of plate ZM-123-ABC until 2031-12-06' })).toEqual(
      { purpose: 'renewal', plateNumber: 'ZM-123-ABC' },
    );
  });

  it('still names something for a description of another form', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('application', 'purchase', 'reservation', 'renewal' as const),
        fc.string(),
        (purpose, description) => {
          const subject = receiptSubject({ purpose, description });
          expect(subject.purpose).toBe(purpose);
          if (subject.purpose === 'application') {
            expect(subject.applicationReference.length).toBeGreaterThan(0);
            expect(subject.numberOfPlates).toBeGreaterThanOrEqual(1);
          } else expect(subject.plateNumber.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
