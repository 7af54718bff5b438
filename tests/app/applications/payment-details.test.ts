import { describe, expect, it } from 'vitest';
import { checkPaymentDetails, payerPhoneOf } from '../../../src/app/applications/payment-details';
import { PAYER_PHONE_REQUIRED } from '../../../src/domain/payments/payment';

const base = { payerPhone: null, phoneNumber: '+260 96 1234567' };

describe('payment details of step 2', () => {
  it('uses step 1’s phone as the wallet number until another is typed', () => {
    expect(payerPhoneOf(base)).toBe('+260 96 1234567');
    expect(payerPhoneOf({ ...base, payerPhone: '0761234567' })).toBe('0761234567');
    expect(payerPhoneOf({ ...base, payerPhone: '' })).toBe('');
  });

  it('sends the wallet number for mobile money when it is on the chosen network', () => {
    expect(checkPaymentDetails({ ...base, method: 'mtn' })).toEqual({
      ok: true,
      details: { payerPhone: '+260 96 1234567' },
    });
    expect(checkPaymentDetails({ ...base, method: 'airtel', payerPhone: ' 0771234567 ' })).toEqual({
      ok: true,
      details: { payerPhone: '0771234567' },
    });
  });

  it('refuses a missing wallet number or one on the other network', () => {
    expect(checkPaymentDetails({ ...base, method: 'mtn', payerPhone: '  ' })).toEqual({
      ok: false,
      errors: { payerPhone: PAYER_PHONE_REQUIRED },
    });
    expect(checkPaymentDetails({ ...base, method: 'airtel' })).toEqual({
      ok: false,
      errors: { payerPhone: 'This number is not on Airtel Money. Airtel numbers start with 097 or 077.' },
    });
  });

  it("sends nothing for a card: it is entered on the card provider's page", () => {
    expect(checkPaymentDetails({ ...base, method: 'card' })).toEqual({ ok: true, details: {} });
  });

  it('needs nothing more for a bank transfer or before a method is chosen', () => {
    expect(checkPaymentDetails({ ...base, method: 'bank' })).toEqual({ ok: true, details: {} });
    expect(checkPaymentDetails({ ...base, method: null })).toEqual({ ok: true, details: {} });
  });
});
