/**
 * The wallet number a mobile-money request goes to: apart from the payment checks
 * (payment-details.ts), so that the wizard's first paint does not load them.
 */

/** The wallet number shown and sent: what the payer typed, or step 1's phone until they do. */
export function payerPhoneOf(input: { payerPhone: string | null; phoneNumber: string }): string {
  return input.payerPhone ?? input.phoneNumber;
}
