// The payment routes' answers the app reads: a payment as a receipt, one or many
// (src/domain/payments/receipt.ts is the receipt as a device keeps it).
import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments/payment';
import { REFUND_REASONS, REFUND_STATUSES } from '../payments/refund';
import { PAYMENT_METHOD_IDS } from '../pricing/pricing';

/** A payment's refund as its receipt shows it. */
export const refundSummarySchema = z.object({
  id: z.string(),
  reference: z.string().describe("'REF-000123', from the refund sequence"),
  status: z.enum(REFUND_STATUSES),
  amount: z.number().int().describe('Ngwee paid back (a kept reservation fee is not)'),
  reason: z.enum(REFUND_REASONS),
  createdAt: z.string(),
  settledAt: z.string().nullable().describe('When it was refunded (or failed); null while pending'),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;

export const receiptSchema = z.object({
  id: z.string(),
  reference: z.string().describe("'PAY-000123', from the payment sequence"),
  status: z
    .enum(PAYMENT_STATUSES)
    .describe('As it stands now: a request-to-pay nobody answered in time reads timed_out'),
  purpose: z.enum(['reservation', 'purchase', 'application', 'renewal']),
  description: z.string(),
  method: z.enum(PAYMENT_METHOD_IDS),
  methodName: z.string(),
  amount: z.number().int().describe('Ngwee'),
  currency: z.literal('ZMW'),
  lines: z
    .array(z.object({ label: z.string(), amount: z.number().int(), kind: z.string().optional() }))
    .describe('What the amount is made of, in ngwee; a deduction is negative'),
  listingId: z.string().nullable(),
  requestId: z.string().nullable(),
  payerPhone: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  expiresAt: z.string().nullable().describe('A pending mobile-money request times out at this instant'),
  instructions: z.string().nullable(),
  refundDue: z.boolean(),
  refund: refundSummarySchema.nullable().describe("The payment's refund, if one was started"),
  provider: z.string(),
  checkoutUrl: z
    .string()
    .nullable()
    .optional()
    .describe(
      "A pending card payment: the card provider's own page where the payer enters the card (a hosted checkout); null once used",
    ),
  owner: z
    .object({ name: z.string(), nrc: z.string() })
    .nullable()
    .describe(
      'A marketplace purchase: whose the plate is to be registered to, as the buyer gave it at Buy Now; null otherwise',
    ),
});
export type ReceiptAnswer = z.infer<typeof receiptSchema>;

/** One payment: GET /api/payments/:id, the sandbox prompt, a transfer marked received, a renewal started. */
export const paymentAnswer = z.object({ payment: receiptSchema });
export type PaymentAnswer = z.infer<typeof paymentAnswer>;

/** GET /api/payments: the signed-in user's payments, newest first. */
export const paymentsAnswer = z.object({ payments: z.array(receiptSchema) });
export type PaymentsAnswer = z.infer<typeof paymentsAnswer>;

/** GET /api/admin/payments: payments still pending, with who pays them. */
export const pendingPaymentSchema = receiptSchema.extend({ payerId: z.string() });
export type PendingPayment = z.infer<typeof pendingPaymentSchema>;
export const pendingPaymentsAnswer = z.object({ payments: z.array(pendingPaymentSchema) });
export type PendingPaymentsAnswer = z.infer<typeof pendingPaymentsAnswer>;

/** The administrator's Refunds list (GET /api/admin/refunds). */
export const adminRefundSchema = refundSummarySchema.extend({
  paymentId: z.string(),
  paymentReference: z.string(),
  paymentAmount: z.number().int(),
  method: z.enum(PAYMENT_METHOD_IDS),
  methodName: z.string(),
  description: z.string(),
  payerId: z.string(),
  payerName: z.string().nullable(),
  attempts: z.number().int(),
  attemptedAt: z.string(),
  failureReason: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export const adminRefundsAnswer = z.object({ refunds: z.array(adminRefundSchema) });
export type AdminRefundsAnswer = z.infer<typeof adminRefundsAnswer>;
export const adminRefundAnswer = z.object({ refund: adminRefundSchema });
export type AdminRefundAnswer = z.infer<typeof adminRefundAnswer>;

/** POST /api/admin/orders/:id/cancel: the cancelled marketplace order and its refund. */
export const cancelOrderAnswer = z.object({
  order: z.object({ id: z.string(), plateNumber: z.string(), status: z.string() }),
  refund: adminRefundSchema.nullable(),
});
export type CancelOrderAnswer = z.infer<typeof cancelOrderAnswer>;
