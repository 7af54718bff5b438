/**
 * The itemised price of an order: plates, processing fee, the gateway fee once a payment
 * method is chosen, and the total. Shared by the pricing calculator and the buy-process
 * payment step, so the figures always come from the domain's priceBreakdown.
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import {
  gatewayFeeLabel,
  type PaymentMethodId,
  type PriceBreakdown as Breakdown,
  type PricingSettings,
} from '#domain/pricing/pricing';
import { formatKwacha } from '#domain/money/money';

export interface PriceBreakdownProps {
  breakdown: Breakdown;
  /** The chosen payment method; the gateway fee line appears only once there is one. */
  method: PaymentMethodId | undefined;
  /** The settings the breakdown was computed with, for the unit price and fee percentage. */
  settings: PricingSettings;
}

export function PriceBreakdown({ breakdown, method, settings }: PriceBreakdownProps) {
  const plural = breakdown.numberOfPlates === 1 ? 'plate' : 'plates';
  return (
    <Box as="dl" fontSize={{ base: 'sm', sm: 'md' }}>
      <Row
        label={`${breakdown.numberOfPlates} ${plural} × ${formatKwacha(settings.platePrice)}`}
        amount={formatKwacha(breakdown.plateSubtotal)}
      />
      <Row label="Processing fee" amount={formatKwacha(breakdown.processingFee)} />
      {method !== undefined && breakdown.gatewayFee !== null ? (
        <Row label={`Gateway fee (${gatewayFeeLabel(method, settings)})`} amount={formatKwacha(breakdown.gatewayFee)} />
      ) : null}
      <Flex
        justify="space-between"
        align="baseline"
        gap="4"
        borderTopWidth="2px"
        borderColor="border.emphasized"
        mt="2"
        pt="3"
        fontWeight="bold"
        fontSize={{ base: 'lg', sm: 'xl' }}
      >
        <Text as="dt">Total</Text>
        {/* Announced politely so a screen-reader user hears the new total after each change. */}
        <Text as="dd" aria-live="polite" aria-atomic color="brand.700" fontVariantNumeric="tabular-nums">
          {formatKwacha(breakdown.total)}
        </Text>
      </Flex>
    </Box>
  );
}

function Row({ label, amount }: { label: string; amount: string }) {
  return (
    <Flex justify="space-between" align="baseline" gap="4" py="2" borderBottomWidth="1px" borderColor="border.muted">
      <Text as="dt" color="fg.muted" minW="0">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
        {amount}
      </Text>
    </Flex>
  );
}
