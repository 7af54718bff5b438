/**
 * A card is paid on the card provider's own page (decision 061). A payment just started by
 * card is followed there at once, whichever screen started it, and the provider sends the
 * payer back to the payment's receipt.
 */
import type { Receipt } from './payment-api';

/** The card provider's page where this payment is still to be paid; null when there is none. */
export function cardPageOf(payment: Pick<Receipt, 'method' | 'status' | 'checkoutUrl'>): string | null {
  return payment.method === 'card' && payment.status === 'pending' ? (payment.checkoutUrl ?? null) : null;
}

/** Sends the payer to the card page when the payment waits there; otherwise the screen shows it. */
export function followStartedPayment(
  payment: Receipt,
  {
    goTo = (url: string) => window.location.assign(url),
    onStarted,
  }: { goTo?: (url: string) => void; onStarted: (payment: Receipt) => void },
): void {
  const url = cardPageOf(payment);
  if (url) goTo(url);
  else onStarted(payment);
}
