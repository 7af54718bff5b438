/**
 * What a payment is made of, line by line, and its total: the wizard's Price Breakdown and
 * the marketplace's checkout show their figures alike. Amounts in ngwee; a credit (the
 * reservation fee deducted) is negative and shown in green.
 */
import { formatKwacha, ngwee } from '#domain/money/money';
import { Flex, Stack, Text } from '@chakra-ui/react';

export interface PriceLine {
  label: string;
  amount: number;
}

export function PriceLines({ lines, total }: { lines: readonly PriceLine[]; total: number }) {
  return (
    <Stack as="dl" gap="2" fontSize="sm">
      {lines.map((line) => (
        <Flex key={line.label} justify="space-between" gap="4">
          <Text as="dt">{line.label}</Text>
          <Text
            as="dd"
            fontVariantNumeric="tabular-nums"
            whiteSpace="nowrap"
            color={line.amount < 0 ? 'fg.success' : undefined}
          >
            {formatKwacha(ngwee(line.amount))}
          </Text>
        </Flex>
      ))}
      <Flex
        justify="space-between"
        gap="4"
        borderTopWidth="1px"
        borderColor="border.emphasized"
        pt="2"
        mt="1"
        fontWeight="bold"
        fontSize="md"
      >
        <Text as="dt">Total</Text>
        <Text as="dd" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
          {formatKwacha(ngwee(total))}
        </Text>
      </Flex>
    </Stack>
  );
}
