/**
 * Refunds (/dashboard/admin/refunds): every refund the payment provider has been asked for —
 * a paid application rejected, an order cancelled before manufacturing, a number that could
 * not be allocated, a payment that arrived after its plate had gone — with its status, amount
 * and dates. A failed refund is retried from here; the list exports as a CSV file. Read from
 * the server (pending refunds are asked of the provider first); offline it says so.
 */
import { Alert, Badge, Box, Button, chakra, Flex, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { formatKwacha, ngwee } from '#domain/money/money';
import { REFUND_REASON_LABELS, REFUND_STATUS_LABELS, type RefundStatus } from '#domain/payments/refund';
import { refundsCsv, refundsCsvFileName } from '#domain/payments/refund-csv';
import { useCallback, useEffect, useState } from 'react';
import { LoadingNote } from '../../components/loading-note';
import { formatDateTime } from '../../components/format-date-time';
import { PageHeader, Section } from '../../components/page-parts';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { useToday } from '../../components/use-today';
import { saveFile } from '../../plate-documents/plate-downloads';
import { CancelOrderDialog } from './cancel-order-dialog';
import { type AdminRefund, fetchRefunds, REFUNDS_OFFLINE, retryRefund } from './refunds-api';

const PALETTES: Record<RefundStatus, string> = { pending: 'orange', refunded: 'green', failed: 'red' };
type Filter = RefundStatus | 'all';

function StatusCell({ refund }: { refund: AdminRefund }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={PALETTES[refund.status]} variant="subtle">
        {REFUND_STATUS_LABELS[refund.status]}
      </Badge>
      <Text fontSize="xs" color={refund.status === 'failed' ? 'fg.error' : 'fg.muted'} whiteSpace="normal">
        {refund.status === 'refunded' && refund.settledAt
          ? `Refunded ${formatDateTime(refund.settledAt)}`
          : refund.status === 'failed'
            ? `${refund.failureReason ?? 'The provider could not make it'} (attempt ${refund.attempts})`
            : `Asked ${formatDateTime(refund.attemptedAt)}${refund.attempts > 1 ? ` (attempt ${refund.attempts})` : ''}`}
      </Text>
    </Stack>
  );
}

export function AdminRefundsPage() {
  const isOnline = useOnlineStatus();
  const today = useToday();
  const [refunds, setRefunds] = useState<AdminRefund[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [retrying, setRetrying] = useState<string | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);

  const take = useCallback((answer: Awaited<ReturnType<typeof fetchRefunds>>) => {
    if (answer.ok) {
      setRefunds(answer.refunds);
      setMessage(null);
    } else setMessage(answer.message);
  }, []);
  const load = () => void fetchRefunds().then(take);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchRefunds().then((answer) => isCurrent && take(answer));
    return () => {
      isCurrent = false;
    };
  }, [isOnline, take]);

  const retry = async (refund: AdminRefund) => {
    setRetrying(refund.id);
    const answer = await retryRefund(refund.id);
    setRetrying(null);
    if (!answer.ok) {
      showToast({ type: 'error', title: `${refund.reference} was not retried`, description: answer.message });
      return;
    }
    setRefunds((current) => current?.map((row) => (row.id === refund.id ? answer.refund : row)) ?? null);
    showToast({
      type: 'success',
      title: `${refund.reference} asked again`,
      description: 'The payment provider has the refund again; it shows Refunded once it is made.',
    });
  };

  const shown = (refunds ?? []).filter((refund) => filter === 'all' || refund.status === filter);
  const action = (refund: AdminRefund) =>
    refund.status === 'failed' ? (
      <Button
        size="xs"
        colorPalette="brand"
        onClick={() => void retry(refund)}
        loading={retrying === refund.id}
        disabled={!isOnline}
        aria-label={`Retry ${refund.reference}`}
      >
        Retry
      </Button>
    ) : null;

  return (
    <Stack gap="6">
      <PageHeader
        title="Refunds"
        summary="Money paid back through the payment provider: for a paid application rejected, an order cancelled before manufacturing, a number that could not be allocated, or a payment that arrived after its plate had gone."
      />
      {!isOnline && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{REFUNDS_OFFLINE}</Alert.Description>
        </Alert.Root>
      )}
      <Section
        title="All refunds"
        headingId="refunds-heading"
        aside={
          <Flex gap="2" wrap="wrap" align="flex-end">
            <Box>
              <chakra.label htmlFor="refund-status-filter" fontSize="sm" display="block">
                Status
              </chakra.label>
              <NativeSelect.Root size="sm" width="auto">
                <NativeSelect.Field
                  id="refund-status-filter"
                  value={filter}
                  onChange={(event) => setFilter(event.currentTarget.value as Filter)}
                >
                  <option value="all">All</option>
                  <option value="pending">Refund pending</option>
                  <option value="refunded">Refunded</option>
                  <option value="failed">Refund failed</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
            <Button size="sm" variant="outline" onClick={load} disabled={!isOnline}>
              Refresh
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setIsCancelling(true)}>
              Cancel an order
            </Button>
            <Button
              size="sm"
              colorPalette="brand"
              disabled={refunds === null}
              onClick={() =>
                saveFile(
                  new TextEncoder().encode(refundsCsv(shown)),
                  'text/csv;charset=utf-8',
                  refundsCsvFileName(today),
                )
              }
            >
              Export CSV
            </Button>
          </Flex>
        }
      >
        <Stack gap="3" aria-live="polite">
          {message && isOnline && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{message}</Alert.Description>
            </Alert.Root>
          )}
          {refunds === null ? (
            isOnline && !message ? (
              <LoadingNote>Loading refunds…</LoadingNote>
            ) : null
          ) : shown.length === 0 ? (
            <Text color="fg.muted">No refunds{filter === 'all' ? ' yet' : ' with this status'}.</Text>
          ) : (
            <>
              <Stack as="ul" gap="3" listStyleType="none" hideFrom="lg" aria-label="Refunds">
                {shown.map((refund) => (
                  <Box as="li" key={refund.id} borderWidth="1px" rounded="lg" p="3">
                    <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
                      <Text fontFamily="mono" fontWeight="semibold">
                        {refund.reference}
                      </Text>
                      <Text fontWeight="semibold">{formatKwacha(ngwee(refund.amount))}</Text>
                    </Flex>
                    <Text fontSize="sm">
                      {refund.payerName ?? 'A deleted account'} · {refund.paymentReference} · {refund.methodName}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {refund.description} · {REFUND_REASON_LABELS[refund.reason]}
                    </Text>
                    <Box mt="2">
                      <StatusCell refund={refund} />
                    </Box>
                    <Box mt="2">{action(refund)}</Box>
                  </Box>
                ))}
              </Stack>
              <Table.ScrollArea borderWidth="1px" rounded="lg" hideBelow="lg">
                <Table.Root size="sm" aria-labelledby="refunds-heading">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Refund</Table.ColumnHeader>
                      <Table.ColumnHeader>Payer</Table.ColumnHeader>
                      <Table.ColumnHeader>Payment</Table.ColumnHeader>
                      <Table.ColumnHeader>Reason</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                      <Table.ColumnHeader>Status</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {shown.map((refund) => (
                      <Table.Row key={refund.id}>
                        <Table.Cell whiteSpace="nowrap">
                          <Text fontFamily="mono">{refund.reference}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            {formatDateTime(refund.createdAt)}
                          </Text>
                        </Table.Cell>
                        <Table.Cell whiteSpace="normal">{refund.payerName ?? 'A deleted account'}</Table.Cell>
                        <Table.Cell whiteSpace="normal">
                          <Text fontFamily="mono">{refund.paymentReference}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            {refund.description} · {refund.methodName}
                          </Text>
                        </Table.Cell>
                        <Table.Cell whiteSpace="normal">{REFUND_REASON_LABELS[refund.reason]}</Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                          {formatKwacha(ngwee(refund.amount))}
                        </Table.Cell>
                        <Table.Cell>
                          <StatusCell refund={refund} />
                        </Table.Cell>
                        <Table.Cell textAlign="end">{action(refund)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </>
          )}
        </Stack>
      </Section>
      {isCancelling && (
        <CancelOrderDialog
          isOnline={isOnline}
          onClose={() => setIsCancelling(false)}
          onDone={(answer) => {
            setIsCancelling(false);
            showToast({
              type: 'success',
              title: `Order ${answer.order.id} cancelled`,
              description: answer.refund
                ? `Plate ${answer.order.plateNumber} is for sale again; refund ${answer.refund.reference} of ${formatKwacha(ngwee(answer.refund.amount))} has been started.`
                : `Plate ${answer.order.plateNumber} is for sale again.`,
            });
            load();
          }}
        />
      )}
    </Stack>
  );
}
