/**
 * What a payer types besides the method, wherever they pay (the wizard's step 2, paying an
 * application again, the marketplace's Buy Now and Reserve): the wallet number for mobile
 * money, the card number for a card. Messages come from checkPayerDetails or the server.
 */
import { MOBILE_MONEY_PREFIXES, isRequestToPay } from '#domain/payments/payment';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import { Field, Input, Stack } from '@chakra-ui/react';
import { TestPaymentsNotice } from './test-payments';

interface PayerDetailsFieldsProps {
  method: PaymentMethodId | null;
  phone: string;
  cardNumber: string;
  errors: { phone?: string; card?: string };
  onPhoneChange: (value: string) => void;
  onCardNumberChange: (value: string) => void;
}

export function PayerDetailsFields(props: PayerDetailsFieldsProps) {
  return (
    <Stack gap="3">
      <TestPaymentsNotice />
      <Fields {...props} />
    </Stack>
  );
}

function Fields({ method, phone, cardNumber, errors, onPhoneChange, onCardNumberChange }: PayerDetailsFieldsProps) {
  if (isRequestToPay(method)) {
    const prefixes = MOBILE_MONEY_PREFIXES[method];
    return (
      <Field.Root invalid={Boolean(errors.phone)} required>
        <Field.Label>
          Mobile money number <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="payerPhone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={`+260 ${prefixes[0] ?? ''} 123 4567`}
          value={phone}
          onChange={(event) => onPhoneChange(event.currentTarget.value)}
        />
        {errors.phone ? (
          <Field.ErrorText>{errors.phone}</Field.ErrorText>
        ) : (
          <Field.HelperText>
            The payment request goes to this number; approve it on your phone. {method === 'mtn' ? 'MTN' : 'Airtel'}{' '}
            numbers start with {prefixes.map((prefix) => `0${prefix}`).join(' or ')}.
          </Field.HelperText>
        )}
      </Field.Root>
    );
  }
  if (method === 'card') {
    return (
      <Field.Root invalid={Boolean(errors.card)} required>
        <Field.Label>
          Card number <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          value={cardNumber}
          onChange={(event) => onCardNumberChange(event.currentTarget.value)}
        />
        {errors.card ? (
          <Field.ErrorText>{errors.card}</Field.ErrorText>
        ) : (
          <Field.HelperText>Charged when you submit; never saved on this device.</Field.HelperText>
        )}
      </Field.Root>
    );
  }
  return null;
}
