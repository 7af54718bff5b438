/**
 * Step 2, Payment: the four payment methods, what the chosen one needs (the wallet number
 * for mobile money; a card is entered on the provider’s page) and what the application costs. Every
 * amount comes from the domain's priceBreakdown with the server's settings, so the screen
 * and the server agree to the ngwee.
 */
import { Box, Heading, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatKwacha } from '#domain/money/money';
import {
  gatewayFeeLabel,
  isPaymentMethodId,
  PAYMENT_METHODS,
  type PaymentMethodId,
  priceBreakdown,
} from '#domain/pricing/pricing';
import { usePricingSettings } from '../../payments/pricing-settings';
import { PayerDetailsFields } from '../../payments/payer-details-fields';
import { PriceLines } from '../../payments/price-lines';
import type { WizardErrors } from './wizard-reducer';

interface PaymentStepProps {
  numberOfPlates: number;
  paymentMethod: PaymentMethodId | null;
  /** The wallet number shown: typed, or step 1's phone until changed. */
  payerPhone: string;
  errors: Pick<WizardErrors, 'paymentMethod' | 'payerPhone'>;
  onChoose: (method: PaymentMethodId) => void;
  onPayerPhoneChange: (value: string) => void;
  /** The delivery fee when delivery is chosen (ngwee); none when collected. */
  deliveryFee?: number;
}

const ERROR_ID = 'payment-method-error';

export function PaymentStep({
  numberOfPlates,
  paymentMethod,
  payerPhone,
  errors,
  onChoose,
  onPayerPhoneChange,
  deliveryFee = 0,
}: PaymentStepProps) {
  const error = errors.paymentMethod;
  // The prices come with the step's code, not with the wizard's first paint (asked for once step 1 is idle).
  const { settings } = usePricingSettings();
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

      <PayerDetailsFields
        method={paymentMethod}
        phone={payerPhone}
        errors={{ phone: errors.payerPhone }}
        onPhoneChange={onPayerPhoneChange}
      />
      {paymentMethod === 'bank' && (
        <Text fontSize="sm" color="fg.muted">
          After you submit, you get the account to transfer to and a payment reference to quote.
        </Text>
      )}

      <Box as="section" aria-labelledby="price-breakdown-heading" bg="bg.muted" rounded="lg" p={{ base: '4', md: '5' }}>
        <Heading as="h3" id="price-breakdown-heading" size="md" mb="3">
          Price Breakdown
        </Heading>
        <PriceLines
          lines={[
            {
              label: `Plates: ${breakdown.numberOfPlates} × ${formatKwacha(settings.platePrice)}`,
              amount: breakdown.plateSubtotal,
            },
            { label: 'Processing fee', amount: breakdown.processingFee },
            ...(paymentMethod && breakdown.gatewayFee !== null
              ? [{ label: `Gateway fee (${gatewayFeeLabel(paymentMethod, settings)})`, amount: breakdown.gatewayFee }]
              : []),
            ...(deliveryFee > 0 ? [{ label: 'Delivery fee', amount: deliveryFee }] : []),
          ]}
          total={breakdown.total + deliveryFee}
        />
      </Box>
    </Stack>
  );
}
