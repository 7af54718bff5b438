/**
 * My Plates & Orders (/dashboard/user/plates): every plate the owner holds, from paid to
 * registered, and every order still in progress (applications by LP- reference,
 * reservations with their time left and fee, purchases awaiting payment), with the spec's
 * columns Plate, Vehicle, Status, Order Date and Actions. A plate's View lists every policy on
 * it, each of which the owner can dispute. Read from the device's copy, so it works offline;
 * paying, cancelling, transferring, renewing, disputing and answering insurance requests
 * need a connection.
 */
import { formatOrderReferences } from '#domain/orders/order-references';
import { formatZmw, ngwee } from '#domain/money/money';
import { paymentOutcome } from '#domain/payments/payment-outcome';
import { describeTimeLeft, reservationTimeLeft } from '#domain/plates/owner-order';
import { isActivePlate, renewalsDue } from '#domain/plates/owner-overview';
import { Alert, Box, Button, Flex, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AppDialog } from '../../components/app-dialog';
import { type DetailRow, DetailsList } from '../../components/details-list';
import { formatDateTime, formatDay } from '../../components/format-date-time';
import { LoadedPart } from '../../components/loaded-part';
import { onDemand } from '../../components/loaded-when-open';
import { openedOnDemand } from '../../components/opened-on-demand';
import { OfflineAsOf } from '../../components/offline-as-of';
import { PageHeader, Section } from '../../components/page-parts';
import { showToast } from '../../components/toast';
import { useIncrementalList } from '../../components/use-incremental-list';
import { useOnlineStatus } from '../../components/use-online-status';
import type { LocalOwnedPlate, LocalOwnerOrder, SyncState } from '../../store/database';
import { type Column, RecordsTable } from '../../components/records-table';
import { useToday } from '../../components/use-today';
import { InvitationClaim } from '../../transfers/invitation-claim';
import { PendingTransfers } from '../../transfers/pending-transfers';
import { TransferDialog } from '../../transfers/transfer-dialog';
import type { RenewDialogProps } from '../../renewals/renew-dialog';
import { receiptPath } from '../../payments/payment-rows';
import { ReservedPlateBuyNow } from '../../purchases/reserved-plate-buy-now';
import { cancelReservation } from './owner-api';
import { inProgress, isPaymentDue, orderStatus, plateCover, plateStatus } from './plate-status';
import { InsuranceRequests } from './insurance-requests';
import { RefundNote } from '../../payments/refund-badge';
import { PlateDocumentsButtons } from './plate-documents';
import { PlatePolicies } from './plate-policies';
import { RegistrationReport } from './registration-report';
import { GetPlatesButtons, PlateNumber, StatusBadge } from './plate-parts';
import { orderCollectionRows, plateShopOrder } from './order-collection';
import { useOwnerData } from './use-owner-data';

type Row =
  | { id: string; syncState?: SyncState; kind: 'plate'; plate: LocalOwnedPlate }
  | { id: string; syncState?: SyncState; kind: 'order'; order: LocalOwnerOrder };

type Open =
  | { kind: 'plate' | 'transfer' | 'renew'; plateNumber: string; isReporting?: boolean }
  | { kind: 'order' | 'pay' | 'cancel'; id: string }
  | null;

const PAGE_SIZE = 25;

/** The registered vehicle; before registration, the vehicle it is fitted to or the application named. */
function vehicleOf(
  plate: LocalOwnedPlate,
  fitted: ReadonlyMap<string, string>,
  orders: readonly LocalOwnerOrder[],
): string {
  if (plate.registration) return `${plate.registration.colour} ${plate.registration.make} ${plate.registration.model}`;
  return fitted.get(plate.plateNumber) ?? (orders.find((order) => order.id === plate.sourceRef)?.vehicle || '—');
}

/** A registered plate's insurance, in red when it has none. */
function CoverLine({ cover, fontSize }: { cover: { text: string; isInsured: boolean }; fontSize?: 'xs' }) {
  return (
    <Text
      as="span"
      fontSize={fontSize}
      color={cover.isInsured ? undefined : 'red.fg'}
      fontWeight={cover.isInsured ? undefined : 'semibold'}
      whiteSpace="normal"
      data-testid="plate-cover"
    >
      {cover.text}
    </Text>
  );
}

function orderTitle(order: LocalOwnerOrder): string {
  if (order.kind === 'application')
    return `Application ${formatOrderReferences({ reference: order.reference, requestId: order.id })}`;
  if (order.kind === 'reservation') return `Reservation of ${order.reference}`;
  return `Purchase of ${order.reference}`;
}

function PlateDialog({
  plate,
  vehicle,
  today,
  isReporting = false,
  onClose,
}: {
  plate: LocalOwnedPlate;
  vehicle: string;
  today: string;
  isReporting?: boolean;
  onClose: () => void;
}) {
  const status = plateStatus(plate, today);
  const cover = plateCover(plate, today);
  const registration = plate.registration;
  const steps: Array<[string, string | null]> = [
    [
      plate.source === 'marketplace'
        ? 'Bought in the marketplace'
        : `Allocated to application ${plate.requestReference ?? plate.sourceRef}`,
      plate.heldAt,
    ],
    ['Plate made', plate.madeAt],
    ['Registered to the vehicle', plate.registeredAt],
  ];
  const rows: DetailRow[] = [
    ['Status', <StatusBadge key="status" status={status} />],
    ['Where it is', status.detail],
    ['Vehicle', vehicle],
    ['Plate shop', plate.shopName ?? 'Not assigned yet'],
    ['Shop order', plateShopOrder(plate)],
  ];
  if (registration) {
    rows.push(
      ['Registered owner', `${registration.ownerName} (NRC ${registration.ownerNrc})`],
      ['Chassis number', registration.chassisNumber],
      ['Registration date', formatDay(registration.registrationDate)],
      ['Expiry date', formatDay(registration.expiryDate)],
    );
  }
  if (cover) rows.push(['Insurance', <CoverLine key="cover" cover={cover} />]);
  return (
    <AppDialog
      title={<PlateNumber>{plate.plateNumber}</PlateNumber>}
      isOpen
      onClose={onClose}
      footer={
        <>
          {registration && <PlateDocumentsButtons plate={plate} />}
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <DetailsList rows={rows} />
        {registration && (
          <Box as="section" aria-labelledby="plate-policies-heading">
            <Text id="plate-policies-heading" fontWeight="semibold" mb="2">
              Policies on this plate
            </Text>
            <PlatePolicies terms={plate.cover ?? []} today={today} />
          </Box>
        )}
        {/* From the registration notice: "Not you? Report it". */}
        {registration && <RegistrationReport plateNumber={plate.plateNumber} startOpen={isReporting} />}
        <Box>
          <Text fontWeight="semibold" mb="2">
            Progress
          </Text>
          <Stack as="ol" gap="1.5" listStyleType="none">
            {steps.map(([label, at]) => (
              <HStack as="li" key={label} gap="2" color={at ? undefined : 'fg.muted'}>
                <Box
                  as="span"
                  aria-hidden
                  w="2.5"
                  h="2.5"
                  rounded="full"
                  bg={at ? 'green.500' : 'border'}
                  flexShrink={0}
                />
                <Text>
                  {label}
                  {at ? ` — ${formatDateTime(at)}` : ' — not yet'}
                </Text>
              </HStack>
            ))}
          </Stack>
        </Box>
      </Stack>
    </AppDialog>
  );
}

function OrderDialog({ order, onClose }: { order: LocalOwnerOrder; onClose: () => void }) {
  const status = orderStatus(order);
  const rows: DetailRow[] = [
    ['Status', <StatusBadge key="status" status={status} />],
    ['Where it is', status.detail],
    ['Ordered', formatDateTime(order.createdAt)],
  ];
  if (order.kind === 'application')
    rows.push(['Plates', `${order.quantity}`], ['Vehicle', order.vehicle || 'Not given']);
  rows.push(...orderCollectionRows(order));
  if (order.plates.length > 0) rows.push(['Plate numbers', order.plates.join(', ')]);
  if (order.reservedUntil) rows.push(['Reserved until', formatDateTime(order.reservedUntil)]);
  if (order.fee !== null)
    rows.push(['Reservation fee', `${formatZmw(ngwee(order.fee))} (deducted from the price when you buy it)`]);
  if (order.payment) {
    rows.push([
      'Payment',
      <ChakraLink key="payment" asChild color="brand.fg">
        <Link to={receiptPath(order.payment.id)}>
          {order.payment.reference} · {order.payment.methodName} · {formatZmw(ngwee(order.payment.amount))}
        </Link>
      </ChakraLink>,
    ]);
    if (order.payment.refund) rows.push(['Refund', <RefundNote key="refund" refund={order.payment.refund} />]);
  }
  return (
    <AppDialog
      title={orderTitle(order)}
      isOpen
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <DetailsList rows={rows} />
      {order.kind === 'reservation' && order.listingId && order.plates[0] && (
        <Box mt="4">
          <ReservedPlateBuyNow listingId={order.listingId} plateNumber={order.plates[0]} />
        </Box>
      )}
    </AppDialog>
  );
}

// The renewal's dialog (its payment methods and payer's details) loads once the page is idle, or when first opened.
const RenewDialog = openedOnDemand<RenewDialogProps>(
  () => import('../../renewals/renew-dialog').then((module) => module.RenewDialog),
  {
    isOpen: (props) => props.isOpen,
    close: (props) => props.onClose(),
    failure: 'The renewal could not be opened',
  },
);

// The payment form (methods, payer's details) loads once the page is idle, or when a payment is first opened.
const payAgainForm = onDemand(() => import('../../applications/pay-again').then((module) => module.PayAgain));

function PayDialog({ order, onClose }: { order: LocalOwnerOrder; onClose: () => void }) {
  const isOnline = useOnlineStatus();
  return (
    <AppDialog title={`Pay for ${order.reference}`} isOpen onClose={onClose}>
      {!isOnline ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            Paying needs a connection. Nothing was charged; try again when you are back online.
          </Alert.Description>
        </Alert.Root>
      ) : order.applicationId ? (
        <LoadedPart
          source={payAgainForm}
          label="Loading the payment form"
          props={{
            applicationId: order.applicationId,
            method: order.payment?.method ?? 'mtn',
            phone: '',
            onStarted: (payment) => {
              // Told as it is: a declined card is not "Payment started".
              const outcome = paymentOutcome(payment, {
                purpose: 'application',
                numberOfPlates: order.quantity,
                applicationReference: order.reference,
              });
              showToast({
                type: outcome.palette === 'green' ? 'success' : outcome.palette === 'red' ? 'error' : 'info',
                title: outcome.heading,
                description: `${payment.reference}: ${outcome.text}`,
              });
              onClose();
            },
          }}
        />
      ) : (
        <Text>Open the payment to complete it.</Text>
      )}
    </AppDialog>
  );
}

function CancelDialog({ order, onClose }: { order: LocalOwnerOrder; onClose: () => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  async function confirm() {
    if (!order.listingId) return;
    setBusy(true);
    const answer = await cancelReservation(order.listingId);
    setBusy(false);
    if (!answer.ok) {
      setMessage(answer.message);
      return;
    }
    showToast({
      type: 'success',
      title: 'Reservation cancelled',
      description: `${order.reference} is back on sale in the marketplace.`,
    });
    onClose();
  }
  return (
    <AppDialog
      title={`Cancel the reservation of ${order.reference}?`}
      role="alertdialog"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep it
          </Button>
          <Button colorPalette="red" loading={isBusy} onClick={() => void confirm()}>
            Cancel reservation
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>
          The plate goes back on sale at once, and anyone may buy it. The reservation fee
          {order.fee !== null ? ` of ${formatZmw(ngwee(order.fee))}` : ''} is not refunded: it paid for holding the
          plate until now.
        </Text>
        {message && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{message}</Alert.Description>
          </Alert.Root>
        )}
      </Stack>
    </AppDialog>
  );
}

export function MyPlatesPage() {
  const data = useOwnerData();
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const showDue = params.get('due') === '1';
  const [open, setOpen] = useState<Open>(() => {
    const renew = params.get('renew');
    const plate = params.get('plate');
    const report = params.get('report');
    if (report) return { kind: 'plate', plateNumber: report, isReporting: true };
    return renew ? { kind: 'renew', plateNumber: renew } : plate ? { kind: 'plate', plateNumber: plate } : null;
  });
  const fitted = useMemo(
    () =>
      new Map(
        (data?.vehicles ?? []).flatMap((vehicle) =>
          vehicle.plateNumber ? [[vehicle.plateNumber, vehicle.label] as const] : [],
        ),
      ),
    [data?.vehicles],
  );

  const rows = useMemo((): Row[] | undefined => {
    if (!data) return undefined;
    const due = new Set(renewalsDue(data.plates, today).map((entry) => entry.plateNumber));
    const held = new Set(data.plates.map((plate) => plate.plateNumber));
    const orders = data.orders
      .filter((order) => inProgress(order, held) && (!showDue || isPaymentDue(order)))
      .map((order): Row => ({ id: `order:${order.id}`, kind: 'order', order }));
    const plates = data.plates
      .filter((plate) => !showDue || due.has(plate.plateNumber))
      .map((plate): Row => ({ id: `plate:${plate.plateNumber}`, kind: 'plate', plate, syncState: plate.syncState }));
    // What needs the owner first: orders in progress, then plates.
    return [...orders, ...plates];
  }, [data, today, showDue]);
  const { visible, remaining, showMore, sentinel } = useIncrementalList(rows ?? [], PAGE_SIZE, showDue);

  const columns: readonly Column<Row>[] = [
    {
      header: 'Plate',
      cell: (row) =>
        row.kind === 'plate' ? (
          <PlateNumber>{row.plate.plateNumber}</PlateNumber>
        ) : row.order.kind === 'application' ? (
          <Stack gap="0">
            <Text as="span" fontFamily="mono" fontWeight="semibold" whiteSpace="nowrap">
              {formatOrderReferences({ reference: row.order.reference, requestId: row.order.id })}
            </Text>
            <Text as="span" fontSize="xs" color="fg.muted">
              Application, {row.order.quantity} plate{row.order.quantity === 1 ? '' : 's'}
            </Text>
          </Stack>
        ) : (
          <Stack gap="0">
            <PlateNumber>{row.order.reference}</PlateNumber>
            <Text as="span" fontSize="xs" color="fg.muted">
              {row.order.kind === 'reservation' ? 'Reservation' : 'Purchase'}
            </Text>
          </Stack>
        ),
      nowrap: true,
    },
    {
      header: 'Vehicle',
      cell: (row) =>
        row.kind === 'plate' ? vehicleOf(row.plate, fitted, data?.orders ?? []) : row.order.vehicle || '—',
    },
    {
      header: 'Status',
      cell: (row) => {
        const status = row.kind === 'plate' ? plateStatus(row.plate, today) : orderStatus(row.order);
        const timeLeft =
          row.kind === 'order' && row.order.reservedUntil
            ? describeTimeLeft(reservationTimeLeft(row.order.reservedUntil, Date.now()))
            : null;
        const cover = row.kind === 'plate' ? plateCover(row.plate, today) : null;
        return (
          <Stack gap="1" align="flex-start" maxW={{ md: '18rem' }} minW={{ md: '12rem' }}>
            <StatusBadge status={status} />
            <Text fontSize="xs" color="fg.muted" whiteSpace="normal">
              {timeLeft
                ? `${timeLeft} left${row.kind === 'order' && row.order.fee !== null ? ` · fee ${formatZmw(ngwee(row.order.fee))} paid` : ''}`
                : status.detail}
            </Text>
            {cover && <CoverLine cover={cover} fontSize="xs" />}
            {row.kind === 'order' && row.order.payment?.refund && (
              <RefundNote refund={row.order.payment.refund} size="xs" />
            )}
          </Stack>
        );
      },
    },
    {
      header: 'Order Date',
      cell: (row) => {
        const at = row.kind === 'plate' ? row.plate.heldAt : row.order.createdAt;
        return <time dateTime={at}>{formatDay(at)}</time>;
      },
      nowrap: true,
    },
  ];

  const dueForRenewal = new Set(data ? renewalsDue(data.plates, today).map((entry) => entry.plateNumber) : []);
  const actions = (row: Row) => {
    if (row.kind === 'plate') {
      const plate = row.plate;
      const isTransferable = isActivePlate(plate, today);
      return (
        <Flex gap="1.5" wrap="wrap" justify="flex-end" maxW={{ md: '16rem' }} ms="auto">
          <Button
            size="xs"
            variant="outline"
            aria-label={`View ${plate.plateNumber}`}
            onClick={() => setOpen({ kind: 'plate', plateNumber: plate.plateNumber })}
          >
            View
          </Button>
          {plate.registration && <PlateDocumentsButtons plate={plate} size="xs" />}
          {dueForRenewal.has(plate.plateNumber) && (
            <Button
              size="xs"
              colorPalette="brand"
              aria-label={`Renew ${plate.plateNumber}`}
              onClick={() => setOpen({ kind: 'renew', plateNumber: plate.plateNumber })}
            >
              Renew
            </Button>
          )}
          {isTransferable && (
            <Button
              size="xs"
              variant="outline"
              aria-label={`Transfer ${plate.plateNumber}`}
              onClick={() => setOpen({ kind: 'transfer', plateNumber: plate.plateNumber })}
            >
              Transfer
            </Button>
          )}
        </Flex>
      );
    }
    const order = row.order;
    return (
      <Flex gap="1.5" wrap="wrap" justify="flex-end">
        <Button
          size="xs"
          variant="outline"
          aria-label={`View ${orderTitle(order)}`}
          onClick={() => setOpen({ kind: 'order', id: order.id })}
        >
          View
        </Button>
        {isPaymentDue(order) &&
          (order.payment?.status === 'pending' ? (
            <Button size="xs" colorPalette="brand" asChild>
              <Link to={receiptPath(order.payment.id)} aria-label={`Complete payment for ${order.reference}`}>
                Pay
              </Link>
            </Button>
          ) : (
            <Button
              size="xs"
              colorPalette="brand"
              aria-label={`Pay for ${order.reference}`}
              onClick={() => setOpen({ kind: 'pay', id: order.id })}
            >
              Pay
            </Button>
          ))}
        {order.kind === 'reservation' && (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Cancel the reservation of ${order.reference}`}
            onClick={() => setOpen({ kind: 'cancel', id: order.id })}
          >
            Cancel
          </Button>
        )}
      </Flex>
    );
  };

  const openPlate =
    open && 'plateNumber' in open ? data?.plates.find((plate) => plate.plateNumber === open.plateNumber) : undefined;
  const openOrder = open && 'id' in open ? data?.orders.find((order) => order.id === open.id) : undefined;
  const close = () => {
    setOpen(null);
    if (params.has('plate') || params.has('renew')) {
      params.delete('plate');
      params.delete('renew');
      setParams(params, { replace: true });
    }
  };

  return (
    <Stack gap="6">
      <PageHeader
        title="My Plates & Orders"
        summary="Every plate you hold, from paid to registered, and every order in progress."
      />
      <OfflineAsOf what="your plates and orders are shown" />
      <InvitationClaim />
      <PendingTransfers />
      <InsuranceRequests />
      <Section
        title="My Plates & Orders"
        headingId="my-plates-heading"
        aside={
          <HStack gap="2">
            {showDue && (
              <Button size="sm" variant="ghost" onClick={() => setParams({}, { replace: true })}>
                Show everything
              </Button>
            )}
            <GetPlatesButtons />
          </HStack>
        }
      >
        {showDue && (
          <Text fontSize="sm" color="fg.muted" mb="3">
            Showing what needs a payment or a renewal.
          </Text>
        )}
        <RecordsTable
          labelledBy="my-plates-heading"
          rows={rows === undefined ? undefined : visible}
          columns={columns}
          actions={actions}
          empty={
            showDue
              ? { title: 'Nothing is due', hint: 'No order is waiting for a payment and no plate is due for renewal.' }
              : {
                  title: 'No plates or orders yet',
                  hint: 'Buy a plate in the marketplace or apply for plates; each then appears here and you can follow it to registration.',
                }
          }
        />
        {remaining > 0 && (
          <Flex justify="center" mt="4" ref={sentinel}>
            <Button variant="outline" size="sm" onClick={showMore}>
              Show more ({remaining} more)
            </Button>
          </Flex>
        )}
      </Section>
      {open?.kind === 'plate' && openPlate && (
        <PlateDialog
          plate={openPlate}
          vehicle={vehicleOf(openPlate, fitted, data?.orders ?? [])}
          today={today}
          isReporting={open.isReporting}
          onClose={close}
        />
      )}
      {open?.kind === 'transfer' && openPlate && <TransferDialog plate={openPlate} isOpen onClose={close} />}
      {open?.kind === 'renew' && openPlate && <RenewDialog plate={openPlate} isOpen onClose={close} />}
      {open?.kind === 'order' && openOrder && <OrderDialog order={openOrder} onClose={close} />}
      {open?.kind === 'pay' && openOrder && <PayDialog order={openOrder} onClose={close} />}
      {open?.kind === 'cancel' && openOrder && <CancelDialog order={openOrder} onClose={close} />}
    </Stack>
  );
}
