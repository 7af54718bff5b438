// A payment as its payer (or an administrator) reads it: the receipt the server answers
// (GET /api/payments, GET /api/payments/:id), kept on the payer's device for offline
// reading and shown by the Payments page, the receipt page and the checkouts. Amounts in ngwee.
import type { ReceiptAnswer } from '../api/payments';

/** What a payment paid for. */
export type ReceiptPurpose = ReceiptAnswer['purpose'];

/**
 * The receipt the server answers (src/domain/api/payments.ts). `owner` and `refund` are absent
 * on copies a device kept before the answer carried them.
 */
export type Receipt = Omit<ReceiptAnswer, 'owner' | 'refund'> & {
  owner?: ReceiptAnswer['owner'];
  refund?: ReceiptAnswer['refund'];
};

/**
 * What a payment's page is called: a receipt once the money was received ('Receipt PAY-000012'),
 * otherwise the payment itself ('Payment PAY-000012'): a pending bank transfer, a declined card
 * or a lapsed request received nothing, and a page titled Receipt would say it had.
 */
export function paymentPageTitle(payment: Pick<Receipt, 'status' | 'reference'>): string {
  return `${payment.status === 'approved' ? 'Receipt' : 'Payment'} ${payment.reference}`;
}
