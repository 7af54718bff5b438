/**
 * What a payer types besides the method, wherever they pay (the wizard's step 2, paying an
 * application again, the marketplace's Buy Now and Reserve, a renewal): the wallet number for
 * mobile money. A card is entered on the card provider's own page, never here: the payer is
 * told so. Messages come from checkPayerDetails or the server.
 */
import { MOBILE_MONEY_PREFIXES, isRequestToPay } from '#domain/payments/payment';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { TestPaymentsNotice } from './test-payments';

interface PayerDetailsFieldsProps {
  method: PaymentMethodId | null;
  phone: string;
  errors: { phone?: string };
  onPhoneChange: (value: string) => void;
}

export const CARD_ON_PROVIDER_PAGE_NOTE = "You will enter your card on the card provider's secure page.";

export function PayerDetailsFields(props: PayerDetailsFieldsProps) {
  return (
    <Stack gap="3">
      <TestPaymentsNotice />
      <Fields {...props} />
    </Stack>
  );
}

function Fields({ method, phone, errors, onPhoneChange }: PayerDetailsFieldsProps) {
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
  if (method === 'card') return <Text color="fg.muted">{CARD_ON_PROVIDER_PAGE_NOTE}</Text>;
  return null;
}
