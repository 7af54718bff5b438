/**
 * 'Bank transfers awaiting confirmation': an application paid by bank transfer stays
 * unpaid (and cannot be approved) until an administrator sees the money arrive and marks
 * the transfer received. Online only, with a confirmation, since it approves a payment.
 */
import { formatKwacha, ngwee } from '#domain/money/money';
import { Box, Button, DataList, Flex, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { FormMessage } from '../../components/form-message';
import { formatDateTime } from '../../components/format-date-time';
import { Section } from '../../components/page-parts';
import { showToast } from '../../components/toast';
import { transfersAwaitingConfirmation } from './bank-transfers';
import {
  type AdminApplication,
  fetchPendingPayments,
  markTransferReceived,
  type PendingPayment,
} from './applications-api';

const money = (amount: number) => formatKwacha(ngwee(amount));

function ConfirmReceivedDialog({
  payment,
  payer,
  isOnline,
  onDone,
  onClose,
}: {
  payment: PendingPayment;
  payer: string;
  isOnline: boolean;
  onDone: () => void;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  async function confirm() {
    setSending(true);
    setError(null);
    const answer = await markTransferReceived(payment.id);
    setSending(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    showToast({
      type: 'success',
      title: `${payment.reference} marked received`,
      description: `${money(payment.amount)} from ${payer} is paid; the application can now be approved.`,
    });
    onDone();
  }

  return (
    <AppDialog
      title="Mark Transfer Received"
      role="alertdialog"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            colorPalette="brand"
            loading={isSending}
            loadingText="Confirming…"
            disabled={!isOnline}
            onClick={() => void confirm()}
          >
            Mark Received
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>
          Mark this transfer received only once the money is in the bank account, quoting this reference. The payment is
          then approved and the payer is notified.
        </Text>
        <DataList.Root orientation="horizontal" size="sm">
          {(
            [
              ['Reference', payment.reference],
              ['Amount', money(payment.amount)],
              ['Payer', payer],
              ['For', payment.description],
              ['Started', formatDateTime(payment.createdAt)],
            ] as const
          ).map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue minW="0" overflowWrap="anywhere">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        <FormMessage
          message={
            isOnline
              ? error
              : 'Marking a transfer received needs a connection. Nothing was changed; try again when you are back online.'
          }
        />
      </Stack>
    </AppDialog>
  );
}

export function BankTransfersSection({
  requests,
  isOnline,
  onReceived,
}: {
  requests: readonly AdminApplication[];
  isOnline: boolean;
  onReceived: () => void;
}) {
  const [transfers, setTransfers] = useState<PendingPayment[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PendingPayment | null>(null);

  const take = useCallback((answer: Awaited<ReturnType<typeof fetchPendingPayments>>) => {
    if (answer.ok) {
      setTransfers(transfersAwaitingConfirmation(answer.payments));
      setLoadError(null);
    } else setLoadError(answer.message);
  }, []);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchPendingPayments().then((answer) => isCurrent && take(answer));
    return () => {
      isCurrent = false;
    };
  }, [isOnline, take]);

  const payerOf = (payment: PendingPayment) => {
    const request = requests.find((candidate) => candidate.id === payment.requestId);
    return request ? `${request.applicant} (${request.id})` : 'The applicant';
  };

  const action = (payment: PendingPayment) => (
    <Button
      size="sm"
      variant="outline"
      colorPalette="green"
      disabled={!isOnline}
      onClick={() => setConfirming(payment)}
      aria-label={`Mark ${payment.reference} received`}
    >
      Mark received
    </Button>
  );

  let body: React.ReactNode;
  if (transfers === null) {
    body = loadError ? (
      <Text color="fg.muted">{isOnline ? loadError : 'Bank transfers are shown when this device is online.'}</Text>
    ) : (
      <Flex gap="3" align="center" role="status">
        <Spinner size="sm" color="brand.600" />
        <Text color="fg.muted">Loading bank transfers…</Text>
      </Flex>
    );
  } else if (transfers.length === 0) {
    body = <Text color="fg.muted">No bank transfers are waiting to be confirmed.</Text>;
  } else {
    body = (
      <>
        <Stack as="ul" gap="3" listStyleType="none" hideFrom="lg" aria-label="Bank transfers awaiting confirmation">
          {transfers.map((payment) => (
            <Box as="li" key={payment.id} borderWidth="1px" rounded="lg" p="3">
              <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
                <Text fontFamily="mono" fontWeight="semibold">
                  {payment.reference}
                </Text>
                <Text fontWeight="semibold">{money(payment.amount)}</Text>
              </Flex>
              <Text fontSize="sm">{payerOf(payment)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {payment.description} · started {formatDateTime(payment.createdAt)}
              </Text>
              <Box mt="2">{action(payment)}</Box>
            </Box>
          ))}
        </Stack>
        <Table.ScrollArea borderWidth="1px" rounded="lg" hideBelow="lg">
          <Table.Root size="sm" aria-labelledby="bank-transfers-heading">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Reference</Table.ColumnHeader>
                <Table.ColumnHeader>Payer</Table.ColumnHeader>
                <Table.ColumnHeader>For</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {transfers.map((payment) => (
                <Table.Row key={payment.id}>
                  <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                    {payment.reference}
                  </Table.Cell>
                  <Table.Cell whiteSpace="normal">
                    <Text>{payerOf(payment)}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      Started {formatDateTime(payment.createdAt)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell whiteSpace="normal">{payment.description}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                    {money(payment.amount)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{action(payment)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </>
    );
  }

  return (
    <Section title="Bank transfers awaiting confirmation" headingId="bank-transfers-heading">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          An application paid by bank transfer can be approved once its transfer is marked received.
        </Text>
        {body}
      </Stack>
      {confirming && (
        <ConfirmReceivedDialog
          payment={confirming}
          payer={payerOf(confirming)}
          isOnline={isOnline}
          onClose={() => setConfirming(null)}
          onDone={() => {
            setConfirming(null);
            setTransfers((current) => current?.filter((payment) => payment.id !== confirming.id) ?? null);
            onReceived();
          }}
        />
      )}
    </Section>
  );
}
