/**
 * One payment as it happens: its amount and lines, and what the payer does next —
 * approve the request on their phone (mobile money; in the sandbox the handset
 * prompt is answered here), pay by card on the card provider's page, or transfer by bank — until it settles.
 * Pending payments are re-read every two seconds.
 */
import { formatKwacha, ngwee } from '#domain/money/money';
import { Alert, Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PhoneIcon } from '../components/icons';
import { answerSandboxPrompt, fetchPayment, type Receipt } from './payment-api';
import { CARD_ON_PROVIDER_PAGE_NOTE } from './payer-details-fields';
import { TestPaymentsNotice } from './test-payments';

export const STATUS_LABELS: Record<Receipt['status'], { label: string; palette: string }> = {
  pending: { label: 'Pending', palette: 'orange' },
  approved: { label: 'Paid', palette: 'green' },
  declined: { label: 'Declined', palette: 'red' },
  timed_out: { label: 'Timed out', palette: 'red' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
};

export const money = (amount: number) => formatKwacha(ngwee(amount));

export function PaymentLines({ payment }: { payment: Receipt }) {
  return (
    <Table.Root size="sm">
      <Table.Body>
        {payment.lines.map((line, index) => (
          <Table.Row key={`${index}-${line.label}`}>
            <Table.Cell ps="0">{line.label}</Table.Cell>
            <Table.Cell pe="0" textAlign="end" fontVariantNumeric="tabular-nums">
              {money(line.amount)}
            </Table.Cell>
          </Table.Row>
        ))}
        <Table.Row fontWeight="bold">
          <Table.Cell ps="0">Total</Table.Cell>
          <Table.Cell pe="0" textAlign="end" fontVariantNumeric="tabular-nums">
            {money(payment.amount)}
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}

function secondsLeft(expiresAt: string | null): number | null {
  return expiresAt ? Math.max(0, Math.round((Date.parse(expiresAt) - Date.now()) / 1000)) : null;
}

/**
 * A card is paid on the card provider's own page (a hosted checkout): straight after Pay the
 * payer is sent there, and comes back to the payment's receipt. On the receipt, a payment still
 * waiting offers the page again; once the page has been used, the provider's answer is awaited.
 */
function CardProviderStep({ payment, goNow }: { payment: Receipt; goNow: boolean }) {
  const url = payment.checkoutUrl ?? null;
  useEffect(() => {
    if (goNow && url) window.location.assign(url);
  }, [goNow, url]);
  if (!url) return <Text>Waiting for the card provider to confirm the payment…</Text>;
  return (
    <Stack gap="3">
      <Text>{CARD_ON_PROVIDER_PAGE_NOTE}</Text>
      <TestPaymentsNotice known={payment.provider === 'sandbox'} />
      <Button asChild colorPalette="brand" alignSelf="flex-start">
        <a href={url}>Pay {money(payment.amount)} on the card page</a>
      </Button>
    </Stack>
  );
}

function HandsetPrompt({ payment, onAnswered }: { payment: Receipt; onAnswered: (payment: Receipt) => void }) {
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const answer = async (choice: 'approve' | 'decline') => {
    setBusy(choice);
    const result = await answerSandboxPrompt(payment.id, choice);
    setBusy(null);
    if (result.ok) onAnswered(result.payment);
    else setError(result.message);
  };
  return (
    <Box
      borderWidth="2px"
      borderStyle="dashed"
      borderRadius="lg"
      p="4"
      role="group"
      aria-labelledby={`handset-${payment.id}`}
    >
      <Stack gap="3">
        <HStack>
          <PhoneIcon boxSize="5" aria-hidden />
          <Text fontWeight="semibold" id={`handset-${payment.id}`}>
            Test payments: the handset prompt
          </Text>
        </HStack>
        <Text>
          {payment.methodName}: pay {money(payment.amount)} to Nambala? Reference {payment.reference}.
        </Text>
        {error && <Text color="fg.error">{error}</Text>}
        <HStack gap="2">
          <Button
            colorPalette="green"
            onClick={() => void answer('approve')}
            loading={busy === 'approve'}
            disabled={busy !== null}
          >
            Approve
          </Button>
          <Button
            variant="outline"
            colorPalette="red"
            onClick={() => void answer('decline')}
            loading={busy === 'decline'}
            disabled={busy !== null}
          >
            Decline
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/**
 * `onReceipt`: on the receipt page itself the lines are already shown and the link to
 * the receipt would lead back to the same page, so both are left out.
 */
export function PaymentPanel({
  payment: initial,
  onChange,
  onReceipt = false,
}: {
  payment: Receipt;
  onChange?: (payment: Receipt) => void;
  onReceipt?: boolean;
}) {
  const [payment, setPayment] = useState(initial);
  const [remaining, setRemaining] = useState(() => secondsLeft(initial.expiresAt));
  const update = (next: Receipt) => {
    setPayment(next);
    onChange?.(next);
  };

  // A new payment from the parent (a retry) replaces the one shown.
  const [shownInitial, setShownInitial] = useState(initial);
  if (shownInitial !== initial) {
    setShownInitial(initial);
    setPayment(initial);
  }
  // A pending payment may settle elsewhere (the phone, an administrator, the timeout): re-read it.
  useEffect(() => {
    if (payment.status !== 'pending') return;
    const timer = setInterval(() => {
      setRemaining(secondsLeft(payment.expiresAt));
      void fetchPayment(payment.id).then((answer) => {
        if (answer.ok && answer.payment.status !== 'pending') update(answer.payment);
      });
    }, 2000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payment.id, payment.status, payment.expiresAt]);

  const status = STATUS_LABELS[payment.status];
  const mobile = payment.method === 'mtn' || payment.method === 'airtel';
  return (
    <Stack gap="4" aria-live="polite" data-testid="payment-panel" data-status={payment.status}>
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">
          {payment.description} · {payment.reference}
        </Text>
        <Badge colorPalette={status.palette} size="lg">
          {status.label}
        </Badge>
      </HStack>
      {!onReceipt && <PaymentLines payment={payment} />}
      {payment.status === 'pending' && mobile && (
        <Stack gap="3">
          <Text>
            A payment request was sent to {payment.payerPhone ?? 'your phone'}. Approve it on your phone
            {remaining !== null ? ` within ${remaining} seconds` : ''}.
          </Text>
          {payment.provider === 'sandbox' && <HandsetPrompt payment={payment} onAnswered={update} />}
        </Stack>
      )}
      {payment.status === 'pending' && payment.method === 'card' && (
        <CardProviderStep payment={payment} goNow={!onReceipt} />
      )}
      {payment.status === 'pending' && payment.method === 'bank' && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            {payment.instructions ??
              'Transfer the amount with the reference above; it is confirmed when the bank transfer arrives.'}
          </Alert.Description>
        </Alert.Root>
      )}
      {payment.status === 'approved' && (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Description>
            Payment received.{onReceipt ? '' : ' '}
            {!onReceipt && <Link to={`/dashboard/user/payments/${payment.id}`}>View the receipt</Link>}
          </Alert.Description>
        </Alert.Root>
      )}
      {(payment.status === 'declined' || payment.status === 'timed_out' || payment.status === 'cancelled') && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>
            {payment.status === 'timed_out'
              ? 'The payment request timed out: nobody approved it in time. Nothing was charged.'
              : `The payment was not made${payment.declineReason ? `: ${payment.declineReason.replace(/[.!]$/, '')}` : ''}. Nothing was charged.`}
          </Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
