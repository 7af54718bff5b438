/**
 * A live estimate of an order: how many plates and which payment method, with the
 * itemised total. The arithmetic is the domain's; this component only gathers input.
 */
import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  checkPlateCount,
  MAX_PLATES_PER_APPLICATION,
  MIN_PLATES_PER_APPLICATION,
} from '#domain/applications/plate-count';
import {
  gatewayFeeLabel,
  isPaymentMethodId,
  PAYMENT_METHODS,
  priceBreakdown,
  type PaymentMethodId,
  type PricingSettings,
} from '#domain/pricing/pricing';
import { PlainField, TextInput } from '../../components/plain-field';
import { RadioGroup } from '../../components/radio-group';
import { PriceBreakdown } from './price-breakdown';

export function PriceCalculator({ settings }: { settings: PricingSettings }) {
  const [platesInput, setPlatesInput] = useState('1');
  const [method, setMethod] = useState<PaymentMethodId | undefined>(undefined);
  // The count typed is the count priced: one that cannot be ordered says why, and prices nothing.
  const plates = checkPlateCount(platesInput);
  const breakdown = plates.ok ? priceBreakdown(plates.count, method, settings) : null;

  return (
    <Card.Root as="section" aria-labelledby="calculator-heading" variant="outline" size={{ base: 'sm', sm: 'md' }}>
      <Card.Header>
        <Heading as="h2" id="calculator-heading" size={{ base: 'xl', md: '2xl' }}>
          Price calculator
        </Heading>
        <Text color="fg.muted">See what an order costs before you apply.</Text>
      </Card.Header>
      <Card.Body gap="6">
        <PlainField
          label="Number of plates"
          error={plates.ok ? null : plates.message}
          helper={
            <>
              From {MIN_PLATES_PER_APPLICATION} to {MAX_PLATES_PER_APPLICATION} plates per order.
            </>
          }
        >
          {(control) => (
            <TextInput
              {...control}
              type="number"
              inputMode="numeric"
              min={MIN_PLATES_PER_APPLICATION}
              max={MAX_PLATES_PER_APPLICATION}
              step={1}
              value={platesInput}
              onChange={(event) => setPlatesInput(event.target.value)}
              maxW="12rem"
            />
          )}
        </PlainField>

        <RadioGroup.Root
          value={method ?? null}
          onValueChange={(details) => setMethod(isPaymentMethodId(details.value) ? details.value : undefined)}
          colorPalette="brand"
        >
          <RadioGroup.Label fontWeight="medium" mb="2" display="block">
            Payment method
          </RadioGroup.Label>
          <Stack gap="2">
            {PAYMENT_METHODS.map((paymentMethod) => (
              <RadioGroup.Item
                key={paymentMethod.id}
                value={paymentMethod.id}
                borderWidth="1px"
                rounded="md"
                px="3"
                py="2.5"
                _checked={{ borderColor: 'brand.600', bg: 'brand.subtle' }}
              >
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText flex="1">
                  <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap={{ base: '0', sm: '3' }}>
                    <span>{paymentMethod.name}</span>
                    <Text as="span" color="fg.muted" fontSize="sm">
                      {gatewayFee(paymentMethod.id, settings)}
                    </Text>
                  </Stack>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>

        <Stack gap="1">
          <Heading as="h3" size="md">
            Your estimate
          </Heading>
          {breakdown ? (
            <PriceBreakdown breakdown={breakdown} method={method} settings={settings} />
          ) : (
            <Text color="fg.muted" fontSize="sm">
              Enter a number of plates from {MIN_PLATES_PER_APPLICATION} to {MAX_PLATES_PER_APPLICATION} to see the
              estimate.
            </Text>
          )}
          {breakdown && method === undefined ? (
            <Text color="fg.muted" fontSize="sm" pt="2">
              Choose a payment method to include its gateway fee.
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function gatewayFee(method: PaymentMethodId, settings: PricingSettings): string {
  const label = gatewayFeeLabel(method, settings);
  return label === 'Free' ? 'No gateway fee' : `${label} gateway fee`;
}
