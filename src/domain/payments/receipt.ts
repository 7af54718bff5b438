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
