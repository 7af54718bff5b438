/**
 * What step 2 asks for besides the method: the wallet number a mobile-money request goes
 * to (prefilled with step 1's phone); a card is entered on the card provider's page, not here. Checked here with the domain's
 * rules so the obvious mistakes are caught before the server is asked; the server checks
 * again and its messages land on the same fields.
 */
import { checkPayerDetails } from '#domain/payments/payment';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import { payerPhoneOf } from './payer-phone';

export interface PaymentDetailsInput {
  method: PaymentMethodId | null;
  /** The wallet number as typed; null while it is still step 1's phone number. */
  payerPhone: string | null;
  phoneNumber: string;
}

export type PaymentDetailsErrors = Partial<Record<'payerPhone', string>>;

export type PaymentDetailsToSend = { payerPhone?: string };

export { payerPhoneOf };

/**
 * The details to send with the application, or the message for the field that will not do.
 * The values go as typed; the server normalises them as the check here did.
 */
export function checkPaymentDetails(
  input: PaymentDetailsInput,
): { ok: true; details: PaymentDetailsToSend } | { ok: false; errors: PaymentDetailsErrors } {
  const phone = payerPhoneOf(input).trim();
  const check = checkPayerDetails(input.method, phone);
  if (!check.ok) return { ok: false, errors: { payerPhone: check.message } };
  return {
    ok: true,
    details: {
      ...(check.phone ? { payerPhone: phone } : {}),
    },
  };
}
