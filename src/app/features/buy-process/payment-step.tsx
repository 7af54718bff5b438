/**
 * Step 2, Payment: the four payment methods and what the application costs. Every amount
 * comes from the domain's priceBreakdown, so the screen and the server agree to the ngwee.
 */
import { Box, Flex, Heading, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatKwacha } from '#domain/money/money';
import { gatewayFeeLabel, isPaymentMethodId, PAYMENT_METHODS, type PaymentMethodId, priceBreakdown, type PricingSettings } from '#domain/pricing/pricing';

interface PaymentStepProps {
  numberOfPlates: number;
  paymentMethod: PaymentMethodId | null;
  error: string | undefined;
  settings: PricingSettings;
  onChoose: (method: PaymentMethodId) => void;
}

const ERROR_ID = 'payment-method-error';

export function PaymentStep({ numberOfPlates, paymentMethod, error, settings, onChoose }: PaymentStepProps) {
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
