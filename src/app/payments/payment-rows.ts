/** How a payment reads in the buyer's list and on the receipt: what it was for, how it was paid, and how fresh the device's copy is. */
import { formatPhone } from '#domain/validation/identity-checks';
import { formatDateTime } from '../components/format-date-time';
import type { Receipt } from './payment-api';

export const PURPOSE_LABELS: Record<Receipt['purpose'], string> = {
  reservation: 'Reservation',
  purchase: 'Purchase',
  application: 'Plate application',
  renewal: 'Renewal',
};

/** 'Visa •••• 4242' for a card, the wallet and its number for mobile money, else the method's name. */
export function methodDetail(payment: Pick<Receipt, 'method' | 'methodName' | 'card' | 'payerPhone'>): string {
  if (payment.method === 'card' && payment.card) return `${payment.card.brand} •••• ${payment.card.last4}`;
  if ((payment.method === 'mtn' || payment.method === 'airtel') && payment.payerPhone)
    return `${payment.methodName} · ${formatPhone(payment.payerPhone)}`;
  return payment.methodName;
}

/** Newest first, by when the payment was started; the reference breaks a tie. */
export function newestFirst<T extends Pick<Receipt, 'createdAt' | 'reference'>>(payments: readonly T[]): T[] {
  return [...payments].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.reference.localeCompare(a.reference),
  );
}

export const receiptPath = (paymentId: string) => `/dashboard/user/payments/${encodeURIComponent(paymentId)}`;

/** 'As of 24 Nov 2026, 15:40': when the device last brought the payments from the server. */
export function asOfLastSync(pulledAt: number): string {
  return `As of ${formatDateTime(new Date(pulledAt).toISOString())}`;
}
