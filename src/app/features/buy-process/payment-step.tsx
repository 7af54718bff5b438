/**
 * Step 2, Payment: the four payment methods, what the chosen one needs (the wallet number
 * for mobile money, the card number for a card) and what the application costs. Every
 * amount comes from the domain's priceBreakdown with the server's settings, so the screen
 * and the server agree to the ngwee.
 */
import { Box, Field, Flex, Heading, Input, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PHONE_PLACEHOLDER } from '#domain/applications/application-form';
import { formatKwacha } from '#domain/money/money';
import { MOBILE_MONEY_PREFIXES } from '#domain/payments/payment';
import { gatewayFeeLabel, isPaymentMethodId, PAYMENT_METHODS, type PaymentMethodId, priceBreakdown, type PricingSettings } from '#domain/pricing/pricing';
import { isMobileMoney } from './payment-details';
import type { WizardErrors } from './wizard-reducer';

interface PaymentStepProps {
  numberOfPlates: number;
  paymentMethod: PaymentMethodId | null;
  /** The wallet number shown: typed, or step 1's phone until changed. */
  payerPhone: string;
  cardNumber: string;
  errors: Pick<WizardErrors, 'paymentMethod' | 'payerPhone' | 'card'>;
  settings: PricingSettings;
  onChoose: (method: PaymentMethodId) => void;
  onPayerPhoneChange: (value: string) => void;
  onCardNumberChange: (value: string) => void;
}

const ERROR_ID = 'payment-method-error';

export function PaymentStep({ numberOfPlates, paymentMethod, payerPhone, cardNumber, errors, settings, onChoose, onPayerPhoneChange, onCardNumberChange }: PaymentStepProps) {
  const error = errors.paymentMethod;
  const breakdown = priceBreakdown(numberOfPlates, paymentMethod ?? undefined, settings);
  return (
    <Stack gap="6">
      <RadioCard.Root
        name="paymentMethod"
        value={paymentMethod}
        onValueChange={(details) => {
          if (isPaymentMethodId(details.value)) onChoose(details.value);
        }}
        colorPalette="brand"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ERROR_ID : undefined}
      >
        <RadioCard.Label fontSize="md" fontWeight="semibold" mb="1">
          Payment Method
        </RadioCard.Label>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {PAYMENT_METHODS.map((method) => (
            <RadioCard.Item key={method.id} value={method.id}>
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl>
                <RadioCard.ItemContent>
                  <RadioCard.ItemText>{method.name}</RadioCard.ItemText>
                  <RadioCard.ItemDescription>Fee: {gatewayFeeLabel(method.id, settings)}</RadioCard.ItemDescription>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </SimpleGrid>
        {/* Always present so the message is announced when it appears. */}
        <Box aria-live="polite">
          {error && (
            <Text id={ERROR_ID} color="red.fg" fontSize="sm" mt="1">
              {error}
            </Text>
          )}
        </Box>
      </RadioCard.Root>

      {isMobileMoney(paymentMethod) && (
        <Field.Root invalid={Boolean(errors.payerPhone)} required>
          <Field.Label>
            Mobile money number <Field.RequiredIndicator />
          </Field.Label>
          <Input name="payerPhone" type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} value={payerPhone} onChange={(event) => onPayerPhoneChange(event.target.value)} />
          {errors.payerPhone ? (
            <Field.ErrorText>{errors.payerPhone}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              The payment request goes to this number; approve it on your phone. {paymentMethod === 'mtn' ? 'MTN' : 'Airtel'} numbers start with {MOBILE_MONEY_PREFIXES[paymentMethod].map((prefix) => `0${prefix}`).join(' or ')}.
            </Field.HelperText>
          )}
        </Field.Root>
      )}
      {paymentMethod === 'card' && (
        <Field.Root invalid={Boolean(errors.card)} required>
          <Field.Label>
            Card number <Field.RequiredIndicator />
          </Field.Label>
          <Input name="cardNumber" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={cardNumber} onChange={(event) => onCardNumberChange(event.target.value)} />
          {errors.card ? (
            <Field.ErrorText>{errors.card}</Field.ErrorText>
          ) : (
            <Field.HelperText>Charged when you submit; never saved on this device. Sandbox: 4242 4242 4242 4242 approves; 4000 0000 0000 0002 is declined.</Field.HelperText>
          )}
        </Field.Root>
      )}
      {paymentMethod === 'bank' && (
        <Text fontSize="sm" color="fg.muted">
          After you submit, you get the account to transfer to and a payment reference to quote.
        </Text>
      )}

      <Box as="section" aria-labelledby="price-breakdown-heading" bg="bg.muted" rounded="lg" p={{ base: '4', md: '5' }}>
        <Heading as="h3" id="price-breakdown-heading" size="md" mb="3">
          Price Breakdown
        </Heading>
        <Stack as="dl" gap="2" fontSize="sm">
          <Flex justify="space-between" gap="4">
            <Text as="dt">
              Plates: {breakdown.numberOfPlates} × {formatKwacha(settings.platePrice)}
            </Text>
            <Text as="dd">{formatKwacha(breakdown.plateSubtotal)}</Text>
          </Flex>
          <Flex justify="space-between" gap="4">
            <Text as="dt">Processing fee</Text>
            <Text as="dd">{formatKwacha(breakdown.processingFee)}</Text>
          </Flex>
          {paymentMethod && breakdown.gatewayFee !== null && (
            <Flex justify="space-between" gap="4">
              <Text as="dt">Gateway fee ({gatewayFeeLabel(paymentMethod, settings)})</Text>
              <Text as="dd">{formatKwacha(breakdown.gatewayFee)}</Text>
            </Flex>
          )}
          <Flex justify="space-between" gap="4" borderTopWidth="1px" borderColor="border.emphasized" pt="2" mt="1" fontSize="md" fontWeight="bold">
            <Text as="dt">Total</Text>
            <Text as="dd">{formatKwacha(breakdown.total)}</Text>
          </Flex>
        </Stack>
      </Box>
    </Stack>
  );
}
