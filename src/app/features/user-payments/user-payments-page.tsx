/**
 * Payments (/dashboard/user/payments): everything the signed-in user has paid or started to pay
 * — reservations, purchases, plate applications — newest first, each opening its receipt. A table
 * from a tablet up; a card per payment on a phone. Read from the device's store, so it opens
 * offline too, marked as of the last sync.
 */
import { paymentPageTitle } from '#domain/payments/receipt';
import { Alert, Badge, Box, Button, DataList, Flex, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadingNote } from '../../components/loading-note';
import { formatDateTime } from '../../components/format-date-time';
import { PageHeader, Section } from '../../components/page-parts';
import { useOnlineStatus } from '../../components/use-online-status';
import { paths } from '../../config/paths';
import { money, STATUS_LABELS } from '../../payments/payment-panel';
import type { Receipt } from '../../payments/payment-api';
import { asOfLastSync, methodDetail, receiptPath } from '../../payments/payment-rows';
import { useMyPayments, usePaymentsPulledAt } from './use-my-payments';

function StatusBadge({ status }: { status: Receipt['status'] }) {
  const { label, palette } = STATUS_LABELS[status];
  return (
    <Badge colorPalette={palette} variant="subtle">
      {label}
    </Badge>
  );
}

function ReferenceLink({ payment }: { payment: Receipt }) {
  return (
    <ChakraLink asChild fontFamily="mono" fontWeight="semibold" color="brand.fg">
      <Link to={receiptPath(payment.id)} aria-label={paymentPageTitle(payment)}>
        {payment.reference}
      </Link>
    </ChakraLink>
  );
}

/** The wallet number never breaks across lines. */
function MethodText({ payment }: { payment: Receipt }) {
  const [name, phone] = methodDetail(payment).split(' · ');
  return (
    <Text as="span">
      {name}
      {phone && (
        <>
          {' · '}
          <Text as="span" whiteSpace="nowrap">
            {phone}
          </Text>
        </>
      )}
    </Text>
  );
}

/** The day, and the time under it, so the table fits beside the sidebar. */
function PaymentDate({ iso }: { iso: string }) {
  const [day, time] = formatDateTime(iso).split(', ');
  return (
    <Text as="span">
      {day}
      {time && (
        <Text as="span" display={{ base: 'inline', md: 'block' }} color="fg.muted" fontSize="xs">
          <Text as="span" hideFrom="md">
            ,{' '}
          </Text>
          {time}
        </Text>
      )}
    </Text>
  );
}

const COLUMNS: Array<{ header: string; cell: (payment: Receipt) => ReactNode; nowrap?: boolean; isNumeric?: boolean }> =
  [
    { header: 'Reference', cell: (payment) => <ReferenceLink payment={payment} />, nowrap: true },
    { header: 'What for', cell: (payment) => payment.description },
    { header: 'Method', cell: (payment) => <MethodText payment={payment} /> },
    { header: 'Amount', cell: (payment) => money(payment.amount), nowrap: true, isNumeric: true },
    { header: 'Status', cell: (payment) => <StatusBadge status={payment.status} /> },
    { header: 'Date', cell: (payment) => <PaymentDate iso={payment.createdAt} />, nowrap: true },
  ];

function PaymentsList({ payments }: { payments: Receipt[] }) {
  const [first, ...rest] = COLUMNS;
  return (
    <>
      <Stack as="ul" gap="3" listStyleType="none" hideFrom="md" aria-labelledby="payments-heading">
        {payments.map((payment) => (
          <Box as="li" key={payment.id} borderWidth="1px" rounded="lg" p="3" minW="0">
            <Flex justify="space-between" align="center" gap="2">
              {first?.cell(payment)}
              <Text fontWeight="bold" fontVariantNumeric="tabular-nums">
                {money(payment.amount)}
              </Text>
            </Flex>
            <DataList.Root orientation="horizontal" size="sm" mt="2" gap="1.5">
              {rest
                .filter((column) => column.header !== 'Amount')
                .map((column) => (
                  <DataList.Item key={column.header}>
                    <DataList.ItemLabel minW="20">{column.header}</DataList.ItemLabel>
                    <DataList.ItemValue minW="0" overflowWrap="anywhere">
                      {column.cell(payment)}
                    </DataList.ItemValue>
                  </DataList.Item>
                ))}
            </DataList.Root>
          </Box>
        ))}
      </Stack>
      <Table.ScrollArea borderWidth="1px" rounded="lg" hideBelow="md">
        <Table.Root size="sm" aria-labelledby="payments-heading">
          <Table.Header>
            <Table.Row>
              {COLUMNS.map((column) => (
                <Table.ColumnHeader key={column.header} scope="col" textAlign={column.isNumeric ? 'end' : undefined}>
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {payments.map((payment) => (
              <Table.Row key={payment.id}>
                {COLUMNS.map((column) => (
                  <Table.Cell
                    key={column.header}
                    whiteSpace={column.nowrap ? 'nowrap' : 'normal'}
                    textAlign={column.isNumeric ? 'end' : undefined}
                    fontVariantNumeric={column.isNumeric ? 'tabular-nums' : undefined}
                  >
                    {column.cell(payment)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}

/** Where the device's copy stands: offline it says how old it is; before any sync it says what it waits for. */
function CopyNotice({ isOnline, pulledAt }: { isOnline: boolean; pulledAt: number | null }) {
  if (isOnline) return null;
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Description>
        {pulledAt === null
          ? 'This device is offline and has not brought your payments from the server yet. They are shown once it is back online.'
          : `${asOfLastSync(pulledAt)} — this device is offline. Payments made or settled since then show when it is back online.`}
      </Alert.Description>
    </Alert.Root>
  );
}

export function UserPaymentsPage() {
  const isOnline = useOnlineStatus();
  const payments = useMyPayments();
  const pulledAt = usePaymentsPulledAt();
  // Nothing on the device and never synced: online, the first sync is on its way.
  const isWaitingForFirstSync = pulledAt === null && payments?.length === 0;
  return (
    <Stack gap="6">
      <PageHeader
        title="Payments"
        summary="Your reservations, purchases and plate applications, newest first. Open a reference for its receipt."
      />
      {pulledAt !== undefined && <CopyNotice isOnline={isOnline} pulledAt={pulledAt} />}
      <Section title="Payment History" headingId="payments-heading">
        <Box aria-live="polite">
          {payments === undefined || pulledAt === undefined || (isWaitingForFirstSync && isOnline) ? (
            <LoadingNote>
              {isWaitingForFirstSync ? 'Loading your payments from the server…' : 'Loading your payments…'}
            </LoadingNote>
          ) : isWaitingForFirstSync ? null : payments.length === 0 ? (
            <Box textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
              <Text fontWeight="medium">No payments yet</Text>
              <Text color="fg.muted" fontSize="sm" mt="1">
                Reserve or buy a plate in the marketplace, or apply for plates, and your payments appear here.
              </Text>
              <Button asChild mt="4" colorPalette="brand" variant="outline" size="sm">
                <Link to={paths.marketplace}>Browse Plates</Link>
              </Button>
            </Box>
          ) : (
            <PaymentsList payments={payments} />
          )}
        </Box>
      </Section>
    </Stack>
  );
}
