// What the payer is told when a payment settles: approved, declined, timed out or cancelled,
// what it was for, and what to do next. The server sends it once per change of status, in
// the dashboard and by email and SMS, so the words are written once, here.
import { formatKwacha, type Ngwee } from '../money/money';
import { type PaymentMethodId, paymentMethodName } from '../pricing/pricing';
import type { SettledPaymentStatus } from './payment';

export interface SettledPaymentFacts {
  /** PAY-000123 */
  reference: string;
  /** What was paid for; renewals and any later purpose read the generic words. */
  purpose: string;
  /** 'Reservation of plate ABC 1234', 'Application LP-000012 for 2 plates'… */
  description: string;
  method: PaymentMethodId;
  amount: Ngwee;
  status: SettledPaymentStatus;
  declineReason: string | null;
  /** Approved after what it paid for had gone: the operator owes a refund. */
  isRefundDue: boolean;
}

export interface PaymentNotice {
  kind: 'payment-received' | 'payment-refund' | 'payment-declined' | 'payment-timed-out' | 'payment-cancelled';
  title: string;
  body: string;
}

/** After an approval: what happens now, by what was paid for. */
const AFTER_APPROVAL: Readonly<Record<string, string>> = {
  reservation:
    'The plate is reserved for you: buy it in the marketplace before the reservation ends, and the reservation fee is deducted from the price.',
  purchase: 'The plate is yours: a plate shop will make it, and you will be told when it is ready for collection.',
  application: 'Your application now goes to an administrator for review; you will be told when it is approved.',
};

/** After a payment that did not go through: how to try again, by what was paid for. */
const AFTER_FAILURE: Readonly<Record<string, string>> = {
  reservation: 'The plate is no longer held for you: reserve it again in the marketplace while it is still available.',
  purchase: 'The plate is no longer held for you: buy it again in the marketplace while it is still available.',
  application:
    'Your application stays submitted: pay for it again, with the same or another method, from My Plates & Orders.',
};

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const joined = (...parts: Array<string | undefined>) => parts.filter((part): part is string => Boolean(part)).join(' ');

export function paymentNotice(payment: SettledPaymentFacts): PaymentNotice {
  const amount = formatKwacha(payment.amount);
  const method = paymentMethodName(payment.method);
  const wasFor = `It was for: ${sentence(payment.description)}`;
  switch (payment.status) {
    case 'approved':
      if (payment.isRefundDue) {
        return {
          kind: 'payment-refund',
          title: `Payment ${payment.reference} will be refunded`,
          body: joined(
            `Your payment of ${amount} was approved after the plate it was for had been taken, so the full amount will be refunded.`,
            wasFor,
          ),
        };
      }
      return {
        kind: 'payment-received',
        title: `Payment ${payment.reference} received`,
        body: joined(
          payment.method === 'bank'
            ? `We have received your bank transfer of ${amount}`
            : `We have received your payment of ${amount} by ${method}`,
          `for: ${sentence(payment.description)}`,
          AFTER_APPROVAL[payment.purpose],
        ),
      };
    case 'declined':
      return {
        kind: 'payment-declined',
        title: `Payment ${payment.reference} declined`,
        body: joined(
          `Your payment of ${amount} by ${method} was declined.`,
          wasFor,
          payment.declineReason ? `Reason: ${sentence(payment.declineReason)}` : undefined,
          'Nothing was charged.',
          AFTER_FAILURE[payment.purpose],
        ),
      };
    case 'timed_out':
      return {
        kind: 'payment-timed-out',
        title: `Payment ${payment.reference} timed out`,
        body: joined(
          payment.method === 'card'
            ? `The card page for ${amount} was left unused and closed.`
            : `The ${method} request for ${amount} was not approved on the phone in time.`,
          wasFor,
          'Nothing was charged.',
          AFTER_FAILURE[payment.purpose],
        ),
      };
    case 'cancelled':
      return {
        kind: 'payment-cancelled',
        title: `Payment ${payment.reference} cancelled`,
        body: joined(`Your ${method} payment of ${amount} was cancelled.`, wasFor, AFTER_FAILURE[payment.purpose]),
      };
  }
}
