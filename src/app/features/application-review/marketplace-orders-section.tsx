/**
 * Plate Requests' search also finds marketplace orders (PO-): a buyer who quotes their
 * purchase's reference, the plate, their name, email or phone gets the same answer from the
 * support desk as one who quotes an application's LP-. Shown only while something is searched
 * for; the orders are read from the server once, the first time.
 */
import { Badge, Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { findOrders } from '#domain/applications/review';
import { formatKwacha, ngwee } from '#domain/money/money';
import { formatDay } from '../../components/format-date-time';
import { type AdminOrder, fetchMarketplaceOrders } from './applications-api';

const PAYMENT_LABELS: Record<string, string> = {
  approved: 'Paid',
  pending: 'Payment pending',
  declined: 'Payment declined',
  timed_out: 'Payment timed out',
  cancelled: 'Payment cancelled',
};
const REFUND_LABELS: Record<string, string> = {
  pending: 'Refund pending',
  refunded: 'Refunded',
  failed: 'Refund failed',
};

function OrderCard({ order }: { order: AdminOrder }) {
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p="4" bg="bg.panel">
      <Stack gap="1" fontSize="sm">
        <Text fontWeight="semibold" fontSize="md">
          {order.id} · {order.plateNumber}
        </Text>
        <Text>
          Bought by {order.buyerName} ({[order.buyerEmail, order.buyerPhone].filter(Boolean).join(', ')}) on{' '}
          {formatDay(order.createdAt)}
        </Text>
        <Text>
          Registered to {order.ownerName}
          {order.ownerNrc ? ` (NRC ${order.ownerNrc})` : ''}
        </Text>
        <Text>
          {order.paymentReference}: {PAYMENT_LABELS[order.paymentStatus] ?? order.paymentStatus},{' '}
          {formatKwacha(ngwee(order.total))}
        </Text>
        <Stack direction="row" gap="2" wrap="wrap" pt="1">
          <Badge colorPalette="gray">Order {order.status}</Badge>
          {order.refundStatus && (
            <Badge colorPalette={order.refundStatus === 'failed' ? 'red' : 'orange'}>
              {REFUND_LABELS[order.refundStatus] ?? order.refundStatus}
            </Badge>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

export function MarketplaceOrdersSection({ search }: { search: string }) {
  const isSearching = search.trim() !== '';
  const [orders, setOrders] = useState<AdminOrder[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!isSearching || orders !== null) return;
    let live = true;
    void fetchMarketplaceOrders().then((answer) => {
      if (!live) return;
      if (answer.ok) setOrders(answer.orders);
      else setError(answer.message);
    });
    return () => {
      live = false;
    };
  }, [isSearching, orders]);

  const found = useMemo(() => findOrders(orders ?? [], search), [orders, search]);
  if (!isSearching || (orders !== null && found.length === 0) || (orders === null && error === null)) return null;
  return (
    <Stack as="section" gap="3" aria-labelledby="marketplace-orders-heading">
      <Heading as="h3" size="md" id="marketplace-orders-heading">
        Marketplace orders
      </Heading>
      {error ? (
        <Text color="fg.muted" fontSize="sm">
          {error}
        </Text>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="3" listStyleType="none" aria-label="Marketplace orders">
          {found.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
