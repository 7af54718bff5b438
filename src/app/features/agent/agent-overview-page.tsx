/**
 * Agent Dashboard (spec: agent screens): Pending Orders, Fulfilled Orders, Plate
 * Sales and Inventory Blanks computed from the shop's records on this device, each
 * with its trend; the Recent Orders table, where each order opens the buyer's
 * details to check against their NRC card and whitebook before handing over, and
 * moves it on (Ready for Collection, Collected) from there.
 */
import type { OverviewFigure } from '#domain/agent/agent-records';
import { formatPhone } from '#domain/validation/identity-checks';
import { formatOrderReferences } from '#domain/orders/order-references';
import { shopOrderDelivery } from './shop-order-summary';
import type { AgentOrderStatus } from '#domain/statuses/statuses';
import { Alert, Badge, Button, Heading, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { AppDialog } from '../../components/app-dialog';
import { StatCard } from '../../components/stat-card';
import { type DetailRow, DetailsList } from '../../components/details-list';
import type { LocalAgentOrder } from '../../store/database';
import { formatCount, formatTrend } from '../../components/count-format';
import { formatDay } from '../../components/format-date-time';
import { PageHeader, Section } from '../../components/page-parts';
import { type Column, RecordsTable } from '../../components/records-table';
import { OrderProgress } from './order-progress';
import { useAgentDashboard } from './use-agent-records';
import { useToday } from '../../components/use-today';

/** How many orders the Recent Orders table shows. */
const RECENT_ORDERS = 20;

const STATUS_COLOURS: Record<AgentOrderStatus, string> = { Pending: 'orange', Fulfilled: 'green' };

function OrderStatusBadge({ status }: { status: AgentOrderStatus }) {
  return (
    <Badge colorPalette={STATUS_COLOURS[status] ?? 'gray'} variant="subtle">
      {status}
    </Badge>
  );
}

function FigureCard({ label, figure }: { label: string; figure: OverviewFigure | undefined }) {
  return (
    <StatCard
      label={label}
      value={figure ? formatCount(figure.value) : undefined}
      helpTone={figure && figure.trend > 0 ? 'success' : figure && figure.trend < 0 ? 'error' : undefined}
      help={
        figure ? (
          <>
            {figure.trend > 0 && <Stat.UpIndicator aria-hidden />}
            {figure.trend < 0 && <Stat.DownIndicator aria-hidden />}
            {formatTrend(figure.trend)}
          </>
        ) : null
      }
    />
  );
}

/** The buyer's references of an order (LP-000009 / REQ-009, PO-000003); '' for the shop's own. */
const orderReferences = (order: LocalAgentOrder) =>
  formatOrderReferences({ reference: order.reference ?? '', requestId: order.requestId });

function OrderDialog({ order, onClose }: { order: LocalAgentOrder; onClose: () => void }) {
  const navigate = useNavigate();
  const references = orderReferences(order);
  const rows: DetailRow[] = [
    ['Order ID', order.id],
    // What the buyer quotes (LP-… / REQ-… for an application, PO-… for a purchase): the shop and a support desk match on it.
    ['Buyer’s Reference', references || 'None: an order of the shop’s own'],
    ['Customer', order.customerName],
    // The NRC stays on the server: the whitebook sale checks the card against the order's digest.
    [
      'NRC Number',
      order.nrcCheck
        ? 'Checked against the card when you record the sale'
        : 'Not on this order: ask the registry before the sale',
    ],
    ['Phone', formatPhone(order.customerPhone)],
    ['Vehicle', order.vehicle],
    ['Plate Type', order.plateType],
    [
      'Plate Number',
      <Text key="plate" as="span" fontFamily="mono">
        {order.plateNumber}
      </Text>,
    ],
    ['Status', <OrderStatusBadge key="status" status={order.status} />],
    ['Collection Date', formatDay(order.collectionDate)],
    ['Delivery', shopOrderDelivery(order)],
  ];
  return (
    <AppDialog
      title={`Order ${order.id}`}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button
            colorPalette="brand"
            onClick={() => void navigate(`${paths.dashboard.agent.whitebook}?order=${encodeURIComponent(order.id)}`)}
          >
            Record sale
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            Before handing over the plates, check the buyer’s NRC card and the vehicle’s whitebook against these
            details.
          </Alert.Title>
        </Alert.Root>
        <DetailsList rows={rows} />
        <OrderProgress order={order} />
      </Stack>
    </AppDialog>
  );
}

export function AgentOverviewPage() {
  const today = useToday();
  const dashboard = useAgentDashboard(today);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const orders = dashboard?.orders;
  const recent = orders?.slice(0, RECENT_ORDERS);
  const openOrder = orders?.find((order) => order.id === openOrderId);
  const overview = dashboard?.overview;

  const columns: readonly Column<LocalAgentOrder>[] = [
    {
      header: 'Order ID',
      // The spec's Order ID column, with the buyer's references under the number (as Plate Requests has LP- under REQ-).
      cell: (order) => (
        <>
          <Button
            variant="plain"
            size="sm"
            h="auto"
            p="0"
            fontFamily="mono"
            textDecoration="underline"
            aria-label={`View order ${order.id}`}
            onClick={() => setOpenOrderId(order.id)}
          >
            {order.id}
          </Button>
          {orderReferences(order) !== '' && (
            <Text as="span" display="block" fontFamily="mono" fontSize="xs" color="fg.muted">
              {orderReferences(order)}
            </Text>
          )}
        </>
      ),
      nowrap: true,
    },
    { header: 'Customer', cell: (order) => order.customerName },
    {
      header: 'Plate Number',
      cell: (order) => (
        <Text as="span" fontFamily="mono">
          {order.plateNumber}
        </Text>
      ),
      nowrap: true,
    },
    { header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      header: 'Collection Date',
      cell: (order) => <time dateTime={order.collectionDate}>{formatDay(order.collectionDate)}</time>,
      nowrap: true,
    },
  ];

  return (
    <Stack gap="6">
      <PageHeader title="Agent Dashboard" summary="Orders, sales and blank stock for your shop." />
      <section aria-labelledby="agent-figures-heading">
        <Heading as="h2" id="agent-figures-heading" srOnly>
          Your shop at a glance
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
          <FigureCard label="Pending Orders" figure={overview?.pendingOrders} />
          <FigureCard label="Fulfilled Orders" figure={overview?.fulfilledOrders} />
          <FigureCard label="Plate Sales" figure={overview?.plateSales} />
          <FigureCard label="Inventory Blanks" figure={overview?.inventoryBlanks} />
        </SimpleGrid>
      </section>
      <Section
        title="Recent Orders"
        headingId="recent-orders-heading"
        aside={
          orders && orders.length > RECENT_ORDERS ? (
            <Text fontSize="sm" color="fg.muted">
              The {RECENT_ORDERS} newest of {formatCount(orders.length)}
            </Text>
          ) : undefined
        }
      >
        <RecordsTable
          labelledBy="recent-orders-heading"
          rows={recent}
          columns={columns}
          onOpen={(order) => setOpenOrderId(order.id)}
          empty={{
            title: 'No orders yet',
            hint: 'Orders assigned to your shop arrive here once this device has synced.',
          }}
        />
      </Section>
      {openOrder && <OrderDialog order={openOrder} onClose={() => setOpenOrderId(null)} />}
    </Stack>
  );
}
