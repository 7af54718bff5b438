/**
 * What an approved payment did, in the buyer's words: a module of its own, so that a plate's card
 * can say "Reserved for you until …" without loading the checkout's rules (docs/performance.md).
 */
import { formatReservationDate } from '#domain/purchases/reservation';

export type CheckoutKind = 'buy' | 'reserve';

/** What an approved payment did, in the buyer's words. */
export function approvedMessage(kind: CheckoutKind, reservedUntil: string | null): string {
  if (kind === 'buy') return 'The plate is yours';
  const until = reservedUntil ? Date.parse(reservedUntil) : Number.NaN;
  return Number.isNaN(until) ? 'Reserved for you' : `Reserved for you until ${formatReservationDate(new Date(until))}`;
}
