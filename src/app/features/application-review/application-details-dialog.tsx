/** View Details: the request, its order information, and what the server knows of its payment, plates and plate maker. */
import { formatKwacha, ngwee } from '#domain/money/money';
import { Alert, Button, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { formatDay } from '../../components/format-date-time';
import { STATUS_LABELS } from '../../payments/payment-panel';
import type { AdminApplication } from './applications-api';
import { ApplicationStatusBadge } from './application-status-badge';
import { collectionRows } from './collection-rows';

type Rows = Array<[string, ReactNode]>;

const orNone = (value: string, none = 'None') =>
  value.trim() === '' ? (
    <Text as="span" color="fg.muted">
      {none}
    </Text>
  ) : (
    value
  );
const mono = (value: string) => (
  <Text as="span" fontFamily="mono">
    {value}
  </Text>
);

function Rows({ rows, label }: { rows: Rows; label: string }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label={label}>
      {rows.map(([name, value]) => (
        <DataList.Item key={name}>
          <DataList.ItemLabel minW={{ base: '28', sm: '36' }}>{name}</DataList.ItemLabel>
          <DataList.ItemValue minW="0" overflowWrap="anywhere">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export function paymentText(payment: AdminApplication['payment']): string {
  if (!payment) return 'No payment yet';
  const status = STATUS_LABELS[payment.status]?.label ?? payment.status;
  return `${status} · ${formatKwacha(ngwee(payment.amount))} by ${payment.methodName} (${payment.reference})`;
}

export function ApplicationDetailsDialog({ request, onClose }: { request: AdminApplication; onClose: () => void }) {
  const { orderInfo } = request;
  const summary: Rows = [
    ['Request ID', mono(request.id)],
    ['Status', <ApplicationStatusBadge key="status" status={request.status} />],
    ['Applicant', request.applicant],
    ['Vehicle', orNone(request.vehicle, 'Not given')],
    ['Quantity', request.quantityLabel],
    [
      'Date Requested',
      <time key="date" dateTime={request.date}>
        {formatDay(request.date)}
      </time>,
    ],
  ];
  const order: Rows = [
    ['Plate Type', orderInfo.plateType],
    ['Color', orNone(orderInfo.color, 'Not given')],
    ['Special Requests', orNone(orderInfo.specialRequests)],
    ['Delivery Address', orderInfo.deliveryAddress],
    // Who the buyer chose to make the plates, and whether to deliver them, read before deciding.
    ...collectionRows(request),
    ['Phone', orderInfo.phone],
    ['Email', orderInfo.email],
  ];
  const application: Rows = [
    ['Reference', mono(request.reference)],
    ['NRC Number', mono(request.nrcNumber)],
    ['Payment', paymentText(request.payment)],
    [
      'Chosen Numbers',
      request.requestedNumbers.length > 0 ? mono(request.requestedNumbers.join(', ')) : 'None: allocated on approval',
    ],
  ];
  if (request.allocationFailure) application.push(['Allocation Failed', request.allocationFailure.message]);
  if (request.status === 'Approved') {
    application.push(['Allocated Plates', request.plates.length > 0 ? mono(request.plates.join(', ')) : 'None']);
    application.push(['Plate Maker', request.agent?.name ?? 'None assigned']);
  }
  if (request.status === 'Rejected' && request.rejectionReason)
    application.push(['Rejection Reason', request.rejectionReason]);

  return (
    <AppDialog
      title={`Request ${request.id}`}
      isOpen
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Stack gap="5">
        {request.manufacturingStarted && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>
              Manufacturing of this request has started; it can no longer be approved or rejected.
            </Alert.Title>
          </Alert.Root>
        )}
        <Rows rows={summary} label="Request" />
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Order Information
          </Heading>
          <Rows rows={order} label="Order Information" />
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Application and Payment
          </Heading>
          <Rows rows={application} label="Application and Payment" />
        </Stack>
      </Stack>
    </AppDialog>
  );
}
