/**
 * Buy Now for a plate the buyer has reserved, in the reservation's own dialog: what it costs with
 * the reservation fee already deducted (the server's figures), and the button that opens the
 * plate's checkout, Buy Now alone.
 */
import { Box, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useOnlineStatus } from '../components/use-online-status';
import { PriceLines } from '../payments/price-lines';
import { fetchReservedQuote, plateDialogPath, RESERVED_QUOTE_OFFLINE, type ReservedQuote } from './reserved-plate';

export function ReservedPlateBuyNow({ listingId, plateNumber }: { listingId: string; plateNumber: string }) {
  const isOnline = useOnlineStatus();
  const [quote, setQuote] = useState<ReservedQuote | undefined>(undefined);
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchReservedQuote(listingId).then((answer) => isCurrent && setQuote(answer));
    return () => {
      isCurrent = false;
    };
  }, [listingId, isOnline]);
  const shown = quote ?? (isOnline ? undefined : ({ ok: false, message: RESERVED_QUOTE_OFFLINE } as const));
  return (
    <Box as="section" aria-labelledby="reserved-buy-now-heading" bg="bg.muted" rounded="lg" p="4">
      <Text as="h3" id="reserved-buy-now-heading" fontWeight="semibold" mb="3">
        Buy Now
      </Text>
      {shown === undefined ? (
        <Skeleton height="20" aria-label="Loading the price" />
      ) : !shown.ok ? (
        <Text fontSize="sm" color="fg.muted">
          {shown.message}
        </Text>
      ) : shown.buyNow && shown.mayBuy ? (
        <Stack gap="3">
          <PriceLines lines={shown.buyNow.lines} total={shown.buyNow.total} />
          <Text fontSize="xs" color="fg.muted">
            The payment method&apos;s gateway fee is added when you choose it.
          </Text>
          <Button asChild colorPalette="brand" alignSelf="flex-end" w={{ base: 'full', sm: 'auto' }}>
            <Link to={plateDialogPath(plateNumber)} aria-label={`Buy now ${plateNumber}`}>
              Buy now
            </Link>
          </Button>
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          This reservation can no longer be bought.
        </Text>
      )}
    </Box>
  );
}
