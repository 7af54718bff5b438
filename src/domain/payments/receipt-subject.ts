// What a receipt paid for, as the outcome words need it (paymentOutcome's subject), read from
// the receipt alone: the server describes each payment in one fixed form per purpose
// ("Application LP-000123 / REQ-012 for 2 plates", "Purchase of plate ZM-777-VIP",
// "Reservation of plate …", "Renewal of plate … until …"). A description of another form
// still gives words that make sense ("your application", "the plate").
import type { PaymentOutcomeSubject } from './payment-outcome';
import type { ReceiptPurpose } from './receipt';

const PLATE = /\bplate (.+?)(?: until .*)?$/;

export function receiptSubject(receipt: { purpose: ReceiptPurpose; description: string }): PaymentOutcomeSubject {
  const { purpose, description } = receipt;
  if (purpose === 'application') {
    const plates = Number(/\bfor (\d+) plates?\b/.exec(description)?.[1]);
    return {
      purpose,
      applicationReference: /\bLP-\d+\b/.exec(description)?.[0] ?? 'for plates',
      numberOfPlates: Number.isInteger(plates) && plates >= 1 ? plates : 1,
    };
  }
  const plateNumber = PLATE.exec(description)?.[1]?.trim() || 'the plate';
  return purpose === 'reservation' ? { purpose, plateNumber, reservedUntil: null } : { purpose, plateNumber };
}
