/**
 * One payment as it happens: its amount and lines, and what the payer does next —
 * approve the request on their phone (mobile money; in the sandbox the handset
 * prompt is answered here), enter a card, or transfer by bank — until it settles.
 * Pending payments are re-read every two seconds.
 */
import { formatKwacha, ngwee } from '#domain/money/money';
import { Alert, Badge, Box, Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PhoneIcon } from '../components/icons';
import { answerSandboxPrompt, fetchPayment, payByCard, type Receipt } from './payment-api';
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

function CardStep({ payment, onPaid }: { payment: Receipt; onPaid: (payment: Receipt) => void }) {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    const answer = await payByCard(payment.id, number);
    setBusy(false);
    if (answer.ok) onPaid(answer.payment);
    else setError(answer.fields?.number ?? answer.fields?.card ?? answer.message);
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="3">
        <Field.Root invalid={error !== null} required>
          <Field.Label>Card number</Field.Label>
          <Input
            value={number}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            onChange={(event) => setNumber(event.currentTarget.value)}
          />
          {error ? (
            <Field.ErrorText>{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>Charged when you submit; never saved on this device.</Field.HelperText>
          )}
        </Field.Root>
        <TestPaymentsNotice known={payment.provider === 'sandbox'} />
        <Button type="submit" colorPalette="brand" loading={busy} loadingText="Paying…" alignSelf="flex-start">
          Pay {money(payment.amount)}
        </Button>
      </Stack>
    </form>
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
      {payment.status === 'pending' && payment.method === 'card' && <CardStep payment={payment} onPaid={update} />}
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
