/**
 * What step 2 asks for besides the method: the wallet number a mobile-money request goes
 * to (prefilled with step 1's phone) and the card to charge. Checked here with the domain's
 * rules so the obvious mistakes are caught before the server is asked; the server checks
 * again and its messages land on the same fields.
 */
import { cardOutcome, checkMobileMoneyPhone } from '#domain/payments/payment';
import type { PaymentMethodId } from '#domain/pricing/pricing';

export const PAYER_PHONE_REQUIRED = 'Enter the mobile money number to send the payment request to';
export const CARD_NUMBER_REQUIRED = 'Enter the card number';

export interface PaymentDetailsInput {
  method: PaymentMethodId | null;
  /** The wallet number as typed; null while it is still step 1's phone number. */
  payerPhone: string | null;
  phoneNumber: string;
  cardNumber: string;
}

export type PaymentDetailsErrors = Partial<Record<'payerPhone' | 'card', string>>;

export type PaymentDetailsToSend = { payerPhone?: string; card?: { number: string } };

export function isMobileMoney(method: PaymentMethodId | null): method is 'mtn' | 'airtel' {
  return method === 'mtn' || method === 'airtel';
}

/** The wallet number shown and sent: what the payer typed, or step 1's phone until they do. */
export function payerPhoneOf(input: Pick<PaymentDetailsInput, 'payerPhone' | 'phoneNumber'>): string {
  return input.payerPhone ?? input.phoneNumber;
}

/** The details to send with the application, or the messages for the fields that will not do. */
export function checkPaymentDetails(input: PaymentDetailsInput): { ok: true; details: PaymentDetailsToSend } | { ok: false; errors: PaymentDetailsErrors } {
  const { method } = input;
  if (isMobileMoney(method)) {
    const phone = payerPhoneOf(input).trim();
    if (!phone) return { ok: false, errors: { payerPhone: PAYER_PHONE_REQUIRED } };
    const check = checkMobileMoneyPhone(method, phone);
    return check.ok ? { ok: true, details: { payerPhone: phone } } : { ok: false, errors: { payerPhone: check.message } };
  }
  if (method === 'card') {
    const number = input.cardNumber.trim();
    if (!number) return { ok: false, errors: { card: CARD_NUMBER_REQUIRED } };
    // Only a number that cannot be a card is refused here; approving or declining is the provider's call.
    const outcome = cardOutcome(number);
    return outcome.kind === 'invalid' ? { ok: false, errors: { card: outcome.message } } : { ok: true, details: { card: { number } } };
  }
  return { ok: true, details: {} };
}
