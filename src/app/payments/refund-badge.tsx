/**
 * A payment's refund as its payer reads it, on the receipt and in My Plates & Orders:
 * 'Refund pending' or 'Refunded', with the amount and the day (#domain/payments/refund).
 */
import { Badge, Stack, Text } from '@chakra-ui/react';
import { keptReservationFee, type RefundForPayer, refundForPayer } from '#domain/payments/refund';

export function RefundNote({
  refund,
  size = 'sm',
  reservationCredit,
}: {
  refund: RefundForPayer;
  size?: 'xs' | 'sm';
  /** A purchase's reservation-credit line (negative ngwee): the fee it deducted is kept, and the note says so. */
  reservationCredit?: number;
}) {
  const words = refundForPayer(refund);
  const kept = keptReservationFee(reservationCredit);
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={words.label === 'Refunded' ? 'green' : 'orange'} variant="subtle">
        {words.label}
      </Badge>
      <Text fontSize={size} color="fg.muted" whiteSpace="normal">
        {words.text}
      </Text>
      {kept && (
        <Text fontSize={size} color="fg.muted" whiteSpace="normal">
          {kept}
        </Text>
      )}
    </Stack>
  );
}
