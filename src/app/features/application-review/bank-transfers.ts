/** The pending payments an administrator can settle by hand: bank transfers, oldest first. */
import type { PendingPayment } from './applications-api';

export function transfersAwaitingConfirmation(payments: readonly PendingPayment[]): PendingPayment[] {
  return payments
    .filter((payment) => payment.method === 'bank' && payment.status === 'pending')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
