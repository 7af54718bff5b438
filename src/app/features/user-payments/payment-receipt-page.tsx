/**
 * A payment's receipt (/dashboard/user/payments/:paymentId): the reference, what was paid for,
 * the lines and total, the method, the status and dates. It prints on its own: the print style
 * hides the dashboard's sidebar and header. A payment still pending shows its next step here, so
 * it can be completed from the receipt; online its status is checked live. The receipt is read
 * from the device's store, so it opens offline too, marked as of the last sync. A payment that did
 * not go through leads with what happened and where to pay again; an application's payment gives
 * the application's reference and Next Steps (receipt-outcome.tsx).
 */
import { paymentPageTitle } from '#domain/payments/receipt';
import { Alert, Badge, Box, Button, Card, DataList, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadingNote } from '../../components/loading-note';
import { formatDateTime } from '../../components/format-date-time';
import { useOnlineStatus } from '../../components/use-online-status';
import { paths } from '../../config/paths';
import type { Receipt } from '../../payments/payment-api';
import { PaymentLines, PaymentPanel, STATUS_LABELS } from '../../payments/payment-panel';
import { asOfLastSync, methodDetail, PURPOSE_LABELS } from '../../payments/payment-rows';
import { RefundNote } from '../../payments/refund-badge';
import { ReceiptApplication, ReceiptOutcome, useApplicationOrder } from './receipt-outcome';
import { shownPayment, usePayment, usePaymentsPulledAt } from './use-my-payments';

/** Printing shows the receipt alone: no sidebar, header, menus or buttons. */
const PRINT_STYLE = `@media print {
  aside, header, [data-print-hidden] { display: none !important; }
  #main { padding: 0 !important; }
  [data-receipt] { border: none !important; box-shadow: none !important; }
}`;

function ReceiptDetails({ payment }: { payment: Receipt }) {
  const status = STATUS_LABELS[payment.status];
  const rows: Array<[string, ReactNode]> = [
    [
      'Reference',
      <Text key="ref" as="span" fontFamily="mono" fontWeight="semibold">
        {payment.reference}
      </Text>,
    ],
    ['Paid for', payment.description],
    // A purchase: whose the plate is to be registered to, as the buyer gave it at Buy Now.
    ...(payment.owner
      ? [['Plate owner', `${payment.owner.name}, NRC ${payment.owner.nrc}`] satisfies [string, ReactNode]]
      : []),
    ['Kind', PURPOSE_LABELS[payment.purpose]],
    ['Method', methodDetail(payment)],
    [
      'Status',
      <Badge key="status" colorPalette={status.palette} variant="subtle">
        {status.label}
      </Badge>,
    ],
    ['Started', formatDateTime(payment.createdAt)],
  ];
  if (payment.settledAt)
    rows.push([payment.status === 'approved' ? 'Paid on' : 'Settled', formatDateTime(payment.settledAt)]);
  if (payment.declineReason) rows.push(['Reason', payment.declineReason]);
  if (payment.refund) rows.push(['Refund', <RefundNote key="refund" refund={payment.refund} />]);
  return (
    <DataList.Root orientation="horizontal" gap="2">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
          <DataList.ItemValue minW="0" overflowWrap="anywhere">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** The payment settled while shown: the device's copy follows at the next sync, asked for now. */
const syncSoon = () => void import('../../sync/sync-engine').then((engine) => engine.syncNow());

function ReceiptCard({ stored, isOnline }: { stored: Receipt; isOnline: boolean }) {
  const [live, setLive] = useState<Receipt | null>(null);
  const payment = shownPayment(stored, live);
  const isPending = payment.status === 'pending';
  const isApplication = payment.purpose === 'application';
  // The buyer's order of an application: its chosen shop and numbers, and whether it was paid since.
  const order = useApplicationOrder(isApplication ? payment.requestId : null) ?? null;
  const follow = (next: Receipt) => {
    setLive(next);
    if (next.status !== 'pending') syncSoon();
  };
  return (
    <Stack gap="6" maxW="3xl">
      <Card.Root data-receipt as="article" aria-labelledby="receipt-heading">
        <Card.Body gap="6">
          <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
            <Box>
              <Text fontWeight="bold" fontSize="lg" color="brand.fg">
                Nambala
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Zambian vehicle licence plates · Lusaka
              </Text>
            </Box>
            <Box textAlign={{ sm: 'end' }}>
              <Heading as="h1" size="xl" id="receipt-heading">
                {paymentPageTitle(payment)}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(payment.settledAt ?? payment.createdAt)}
              </Text>
            </Box>
          </Flex>
          <ReceiptOutcome payment={payment} order={order} />
          <ReceiptDetails payment={payment} />
          <Box>
            <Heading as="h2" size="md" mb="2">
              Amount
            </Heading>
            <PaymentLines payment={payment} />
            <Text fontSize="xs" color="fg.muted" mt="2">
              Amounts in {payment.currency}, taxes included.
            </Text>
          </Box>
          {payment.refundDue && !payment.refund && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>
                What this paid for was no longer available when the payment arrived: it will be refunded.
              </Alert.Description>
            </Alert.Root>
          )}
        </Card.Body>
      </Card.Root>
      {isPending && (
        <Card.Root data-print-hidden as="section" aria-labelledby="complete-heading">
          <Card.Body gap="4">
            <Heading as="h2" size="md" id="complete-heading">
              Complete this payment
            </Heading>
            {isOnline ? (
              <PaymentPanel payment={payment} onChange={follow} onReceipt />
            ) : (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Description>
                  Completing a payment needs a connection. Its status is checked again when this device is back online.
                </Alert.Description>
              </Alert.Root>
            )}
          </Card.Body>
        </Card.Root>
      )}
      {isApplication && <ReceiptApplication payment={payment} order={order} />}
    </Stack>
  );
}

export function PaymentReceiptPage() {
  const { paymentId = '' } = useParams();
  const isOnline = useOnlineStatus();
  const payment = usePayment(paymentId);
  const pulledAt = usePaymentsPulledAt();
  return (
    <Stack gap="6">
      <style>{PRINT_STYLE}</style>
      <HStack justify="space-between" wrap="wrap" gap="3" data-print-hidden>
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.dashboard.user.payments}>← All payments</Link>
        </Button>
        {payment.status === 'ready' && (
          <Button colorPalette="brand" onClick={() => window.print()}>
            {payment.value.status === 'approved' ? 'Print receipt' : 'Print'}
          </Button>
        )}
      </HStack>
      {payment.status === 'loading' ? (
        <LoadingNote>Loading the receipt…</LoadingNote>
      ) : payment.status === 'failed' ? (
        <Stack gap="3">
          <Heading as="h1" size="2xl">
            Receipt
          </Heading>
          <Alert.Root status={isOnline ? 'error' : 'info'} role="alert">
            <Alert.Indicator />
            <Alert.Description>{payment.message}</Alert.Description>
          </Alert.Root>
        </Stack>
      ) : (
        <>
          {!isOnline && payment.isFromDevice && typeof pulledAt === 'number' && (
            <Alert.Root status="info" data-print-hidden>
              <Alert.Indicator />
              <Alert.Description>
                {asOfLastSync(pulledAt)} — this device is offline. A change since then shows when it is back online.
              </Alert.Description>
            </Alert.Root>
          )}
          <ReceiptCard stored={payment.value} isOnline={isOnline} />
        </>
      )}
    </Stack>
  );
}
